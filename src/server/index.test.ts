/**
 * The entry point as a real process: start-up on an empty database (migrate + seed), a clear
 * one-line error for bad configuration, and a graceful stop on SIGTERM that lets an in-flight
 * request finish.
 */
import type { ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { KEEP_ALIVE_TIMEOUT_MS } from "./http-server.js";
import { PG_ADMIN_URL, TEST_DB } from "./test/harness.js";
import { http, startServer as spawnServer, type SpawnedServer } from "./test/process.js";

const servers: SpawnedServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.dispose())));

/** The entry point as `npm start` runs it, without the test helpers' relaxed rate limits. */
function startServer(env: Record<string, string>) {
  const server = spawnServer({ AUTH_RATE_LIMIT_IP: "", AUTH_RATE_LIMIT_ACCOUNT: "", ...env });
  servers.push(server);
  return server;
}

function stop(child: ChildProcess) {
  child.kill("SIGTERM");
}

// Each test spawns the entry point under tsx, which compiles the server and (the first) migrates and
// seeds a database: seconds on a quiet machine, several times that while the PostgreSQL pass
// creates databases beside it on the same two cores and disk.
const PROCESS_TIMEOUT = { timeout: 60_000 };

describe("server process", PROCESS_TIMEOUT, () => {
  it("migrates and seeds an empty SQLite database, serves, and stops cleanly on SIGTERM", async () => {
    const server = startServer({});
    const port = await server.listening;
    const health = await http(port, "/api/health");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: "ok", database: "sqlite" });
    expect(server.output()).toContain("migrations applied");
    expect(server.output()).toContain("sample content seeded");

    // Kept-alive connections outlive the idle timeouts of clients and proxies (Node's own 5 s
    // would race a client reusing the connection: ECONNRESET), and the server says so.
    const agent = new Agent({ keepAlive: true });
    const kept = await http(port, "/api/health", { agent });
    agent.destroy();
    expect(kept.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);

    // A request in flight when the signal arrives still gets its answer: the server has its
    // headers (it answered 100 Continue) when SIGTERM lands, and its body comes afterwards.
    const body = JSON.stringify({ email: "late@example.com", password: "in flight" });
    let answered!: (status: number) => void;
    const response = new Promise<number>((resolve) => (answered = resolve));
    const req = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/auth/sign-in/email",
      agent: false,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue" },
    });
    req.on("response", (res) => {
      res.resume();
      answered(res.statusCode ?? 0);
    });
    await new Promise<void>((resolve) => req.on("continue", resolve));
    stop(server.child);
    await server.printed("shutting down");
    req.end(body);
    expect(await response).toBe(401);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("stopped");
  });

  it("refuses to start with a bad setting, in one line naming it", async () => {
    const server = startServer({ PORT: "eighty" });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines.at(-1)).toMatch(/^MAYBE could not start\. Configuration error: PORT: /);
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it("refuses to start in production without a secret", async () => {
    const server = startServer({ NODE_ENV: "production" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("AUTH_SECRET: required in production");
  });

});

// Defined only in the PostgreSQL run (npm run test:pg), so the SQLite run reports nothing skipped.
if (TEST_DB === "postgres") describe("server process on PostgreSQL", PROCESS_TIMEOUT, () => {
  it("serves the same site on PostgreSQL", async () => {
    const name = `maybe_proc_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      const server = startServer({ DATABASE_URL: url.toString() });
      const port = await server.listening;
      expect(JSON.parse((await http(port, "/api/health")).body)).toEqual({ status: "ok", database: "postgres" });
      expect(server.output()).toContain("sample content seeded");
      stop(server.child);
      expect(await server.exited).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
