/**
 * SIGTERM under load: 50 keep-alive connections busy with reads and signed-in writes. Every
 * request the server took on is answered in full, every acknowledged write is in the database
 * afterwards, new connections are refused, and the process exits 0 long before the 10 s grace.
 * Part of the reliability suite, which runs one file at a time: with other test files beside it on
 * two cores the client itself starves, and its connection attempts race the closing listener.
 */
import { join } from "node:path";
import { Agent } from "node:http";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { ORIGIN } from "../src/server/test/harness.js";
import { http, signUpOverHttp, startServer, type SpawnedServer } from "../src/server/test/process.js";
import { figure } from "./lib/mode.js";

const CONNECTIONS = 50;

let server: SpawnedServer | undefined;
afterEach(async () => {
  await server?.dispose();
});

const signUp = (port: number, n: number) => signUpOverHttp(port, `drain${n}`, ORIGIN);

async function ids(port: number, path: string): Promise<string[]> {
  const body = JSON.parse((await http(port, path)).body) as { items: { id: string }[] };
  return body.items.map((item) => item.id);
}

function parses(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

describe("graceful shutdown", () => {
  it("drains 50 busy keep-alive connections on SIGTERM: no request cut, acknowledged writes kept, exit 0", { timeout: 40_000 }, async () => {
    server = startServer({ PUBLIC_URL: ORIGIN });
    const port = await server.listening;
    const users = await Promise.all([1, 2, 3, 4].map(async (n) => ({ email: `drain${n}@example.com`, cookie: await signUp(port, n) })));
    const items = [
      ...(await ids(port, "/api/products?limit=48")).map((id) => ({ kind: "product", id })),
      ...(await ids(port, "/api/stories?limit=48")).map((id) => ({ kind: "story", id })),
    ];
    // Each write favorites one (user, item) pair once, so each acknowledgement names one row.
    const writes = users.flatMap((user) => items.map((item) => ({ ...item, user })));
    expect(writes.length).toBeGreaterThan(60);

    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const acknowledged: typeof writes = [];
    const failedWrites: typeof writes = [];
    const tally = { answered: 0, answeredAfterSignal: 0, incomplete: 0, refused: 0, resetBeforeAccept: 0, cut: 0 };
    const unexpected: string[] = [];
    let signalledAt = 0;
    let nextWrite = 0;

    const worker = async (n: number) => {
      for (let i = 0; ; i++) {
        const write = i % 2 === 1 && nextWrite < writes.length ? writes[nextWrite++]! : undefined;
        const user = users[n % users.length]!;
        const request = write
          ? http(port, `/api/me/favorites/${write.kind}/${write.id}`, { method: "PUT", cookie: write.user.cookie, origin: ORIGIN, agent })
          : http(port, i % 4 === 0 ? "/api/me/cart" : "/api/products", { cookie: user.cookie, agent });
        const res = await request.catch((error: NodeJS.ErrnoException) => error);
        if (!(res instanceof Error)) {
          tally.answered++;
          if (signalledAt) tally.answeredAfterSignal++;
          // A cut body is incomplete and does not parse.
          if (!res.complete || !parses(res.body)) tally.incomplete++;
          if (res.status >= 300) unexpected.push(`${res.status} ${res.body}`);
          if (write && res.status < 300) acknowledged.push(write);
        } else {
          if (write) failedWrites.push(write);
          const { code, reusedSocket } = res as NodeJS.ErrnoException & { reusedSocket?: boolean };
          // Refused: a new connection after the server stopped listening. A new connection the
          // kernel had queued but the process never accepted is reset when the listener closes:
          // no request of it reached the app, so it counts as refused too (told apart in the
          // figure). Anything else (a reset or hang-up of a kept-alive connection) cut a request off.
          if (code === "ECONNREFUSED") tally.refused++;
          else if (code === "ECONNRESET" && reusedSocket === false) {
            tally.refused++;
            tally.resetBeforeAccept++;
          } else tally.cut++;
          return;
        }
      }
    };

    const workers = Array.from({ length: CONNECTIONS }, (_, n) => worker(n));
    // Signal once the load is in full swing on every connection.
    while (tally.answered < 150) await new Promise((resolve) => setTimeout(resolve, 5));
    signalledAt = Date.now();
    server.child.kill("SIGTERM");
    const exitCode = await server.exited;
    const exitMs = Date.now() - signalledAt;
    await Promise.all(workers);
    agent.destroy();

    figure(
      `SIGTERM under load: exit ${exitCode} after ${exitMs} ms; answered ${tally.answered} (${tally.answeredAfterSignal} after the signal), ` +
        `incomplete ${tally.incomplete}, refused ${tally.refused} (${tally.resetBeforeAccept} of them reset in the listen queue), cut ${tally.cut}; writes acknowledged ${acknowledged.length}`,
    );
    expect(exitCode).toBe(0);
    expect(exitMs).toBeLessThan(5_000);
    expect(server.output()).toContain("stopped");
    expect(tally.incomplete).toBe(0);
    expect(unexpected).toEqual([]);
    expect(tally.cut).toBe(0);
    // Every connection ends by being refused a new one, once the server has stopped listening.
    expect(tally.refused).toBe(CONNECTIONS);

    const db = new SQLite(join(server.dataDir, "maybe.db"), { readonly: true });
    try {
      const stored = new Set(
        db
          .prepare(`select u.email || ' ' || f.kind || ' ' || f.item_id as k from favorite f join "user" u on u.id = f.user_id`)
          .all()
          .map((row) => (row as { k: string }).k),
      );
      const key = (w: (typeof writes)[number]) => `${w.user.email} ${w.kind} ${w.id}`;
      expect(acknowledged.filter((w) => !stored.has(key(w)))).toEqual([]);
      expect(stored.size).toBe(acknowledged.length);
    } finally {
      db.close();
    }
  });
});
