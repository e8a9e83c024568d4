/**
 * A real server process on a scratch database, spawned like the entry-point tests spawn it
 * (src/server/test/process.ts). The port is a free one picked here rather than PORT=0 read from the log, so a
 * quiet LOG_LEVEL (the load test's, which must not log every request) still works; the server is
 * ready when /api/health answers.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { join } from "node:path";
import { createPgDatabase } from "../../src/server/test/harness.js";
import { spawnEntryPoint } from "../../src/server/test/process.js";

export const ORIGIN = "http://localhost:3000";

export interface ScratchDb {
  dialect: "sqlite" | "postgres";
  /** DATABASE_URL of the scratch database. */
  url: string;
  /** The folder of the SQLite file and the server's DATA_DIR. */
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh SQLite file in a temporary folder, or a fresh PostgreSQL database dropped afterwards. */
export async function scratchDb(dialect: "sqlite" | "postgres"): Promise<ScratchDb> {
  const dataDir = mkdtempSync(join(tmpdir(), "maybe-rel-"));
  if (dialect === "sqlite") {
    return { dialect, url: `file:${join(dataDir, "maybe.db")}`, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const pgDb = await createPgDatabase("maybe_rel");
  return {
    dialect,
    url: pgDb.url,
    dataDir,
    async drop() {
      await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  exited: Promise<number | null>;
  output(): string;
  /** Resident set size of the server process in bytes (Linux /proc). */
  rss(): number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export async function startServer(db: ScratchDb, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const { child, exited, output } = spawnEntryPoint({
    PORT: String(port),
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.url,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: "reliability-secret-reliability-secret-0123",
    AUTH_RATE_LIMIT_IP: "10000000",
    AUTH_RATE_LIMIT_ACCOUNT: "10000000",
    ...env,
  });
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited before listening:\n${output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    exited,
    output,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      return kb * 1024;
    },
  };
}

/** Stops a server: SIGTERM and wait, or SIGKILL when `kill` (a crash). */
export async function stopServer(server: ServerProcess, kill = false): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(kill ? "SIGKILL" : "SIGTERM");
  await server.exited;
}
