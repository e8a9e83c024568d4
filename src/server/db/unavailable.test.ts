/**
 * Which database errors mean "unavailable, try again" (503) rather than a bug (500), with the
 * errors the drivers really raise, and the answer a route gives when SQLite stays locked.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { TEST_DB, createTestApp } from "../test/harness.js";
import { unavailableReason } from "./unavailable.js";

describe("unavailableReason", () => {
  it("recognises connection failures, server shutdowns and a busy SQLite", () => {
    const cases: [unknown, string][] = [
      [Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }), "connection refused"],
      [Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }), "connection lost"],
      [new Error("Connection terminated unexpectedly"), "connection lost"],
      [new Error("timeout exceeded when trying to connect"), "connection timed out"],
      [Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }), "connection terminated by the database server"],
      [Object.assign(new Error("the database system is starting up"), { code: "57P03" }), "the database server is starting up"],
      [Object.assign(new Error("connection failure"), { code: "08006" }), "connection lost"],
      [Object.assign(new Error("sorry, too many clients already"), { code: "53300" }), "too many connections"],
      [Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }), "the database is busy"],
      [Object.assign(new Error("database table is locked"), { code: "SQLITE_LOCKED_SHAREDCACHE" }), "the database is busy"],
      [new TypeError("The database connection is not open"), "the database connection is closed"],
      [new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })], "all failed"), "connection refused"],
    ];
    for (const [error, reason] of cases) expect(unavailableReason(error), String(error)).toBe(reason);
  });

  it("leaves bugs and data errors alone: they stay 500s or their own 4xx", () => {
    const others: unknown[] = [
      new Error("boom"),
      new TypeError("Cannot read properties of undefined"),
      Object.assign(new Error("duplicate key"), { code: "23505" }),
      Object.assign(new Error("syntax error"), { code: "42601" }),
      Object.assign(new Error("UNIQUE constraint failed: user.email"), { code: "SQLITE_CONSTRAINT_UNIQUE" }),
      null,
      "text",
    ];
    for (const error of others) expect(unavailableReason(error), String(error)).toBeUndefined();
  });

  it("recognises the error better-sqlite3 raises when another connection holds the write lock", () => {
    const dir = mkdtempSync(join(tmpdir(), "maybe-busy-"));
    const holder = new SQLite(join(dir, "x.db"));
    const other = new SQLite(join(dir, "x.db"));
    try {
      holder.exec("create table t (x integer)");
      other.pragma("busy_timeout = 0");
      holder.exec("begin exclusive");
      let raised: unknown;
      try {
        other.exec("insert into t values (1)");
      } catch (error) {
        raised = error;
      }
      expect(unavailableReason(raised)).toBe("the database is busy");
    } finally {
      holder.close();
      other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("recognises the error pg raises when nothing listens on the port", async () => {
    const client = new pg.Client({ host: "127.0.0.1", port: 9, connectionTimeoutMillis: 2000 });
    const raised = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(unavailableReason(raised)).toBe("connection refused");
  });
});

// SQLite only (PostgreSQL has no file lock): defined only in the SQLite run, so nothing is reported skipped.
if (TEST_DB === "sqlite") describe("a locked SQLite database", () => {
  it("answers a write 503 UNAVAILABLE once busy_timeout runs out, and serves again after", async () => {
    const t = await createTestApp();
    const { cookie } = await t.signUp();
    // The server waits 5 s for the lock (db/client.ts); the same answer comes after any wait, and
    // a 5 s wait here blocked the test worker for 15 s (each statement of the write waits anew).
    t.database.sqlite!.pragma("busy_timeout = 100");
    const blocker = new SQLite(t.config.databaseUrl.slice("file:".length));
    try {
      blocker.exec("begin exclusive");
      const res = await t.request("/api/me/favorites/story/s1", { method: "PUT", cookie });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toEqual({
        error: {
          code: "UNAVAILABLE",
          message: "The site is temporarily unavailable: the database cannot be reached (the database is busy). Please try again in a moment.",
        },
      });
      blocker.exec("rollback");
      // The empty test database has no story s1: a 404 means the database answered again.
      expect((await t.request("/api/me/favorites/story/s1", { method: "PUT", cookie })).status).toBe(404);
    } finally {
      blocker.close();
      await t.close();
    }
  });
});
