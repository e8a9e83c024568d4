/**
 * Tells a database that is down, restarting, unreachable or busy apart from a bug. Such errors
 * are answered 503 UNAVAILABLE (try again shortly) instead of 500, and /api/health names the
 * reason. Both drivers are recognised here, so nothing else branches on driver error shapes.
 */

/** Socket-level failures, as node:net reports them to pg. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection lost",
  EPIPE: "connection lost",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "host unreachable",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
};

/**
 * PostgreSQL SQLSTATEs meaning "the server cannot serve you now": class 08 (connection
 * exception), 57P01-57P03 (terminated by an administrator, a crash or a restart, still starting),
 * 53300 (too many connections).
 */
function pgStateReason(state: string): string | undefined {
  if (state.startsWith("08")) return "connection lost";
  if (state === "57P01" || state === "57P02") return "connection terminated by the database server";
  if (state === "57P03") return "the database server is starting up";
  if (state === "53300") return "too many connections";
  return undefined;
}

/** Messages of pg and pg-pool that carry no code. */
const PG_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated( unexpectedly)?$/, "connection lost"],
  [/connection timeout|timeout exceeded when trying to connect/i, "connection timed out"],
  [/is not queryable/, "connection lost"],
  [/Cannot use a pool after calling end/, "the database connection is closed"],
];

/**
 * The reason a database error means "unavailable", or undefined for any other error (a bug, a
 * constraint, bad SQL), which stays a 500.
 */
export function unavailableReason(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== "object" || depth > 3) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === "string" ? message : "";
  if (typeof code === "string") {
    if (NETWORK_CODES[code]) return NETWORK_CODES[code];
    // SQLITE_BUSY / SQLITE_LOCKED and their extended codes: another writer held the database
    // longer than busy_timeout (5 s). Waiting and retrying is the right answer for the client.
    if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return "the database is busy";
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const reason = pgStateReason(code);
      if (reason) return reason;
    }
  }
  // better-sqlite3 after close(), Kysely after destroy(): only during shutdown.
  if (/database connection is not open|driver has already been destroyed/i.test(text)) {
    return "the database connection is closed";
  }
  for (const [pattern, reason] of PG_MESSAGES) if (pattern.test(text)) return reason;
  // pg-pool wraps some failures (a connect error inside a query) in AggregateError or a cause.
  const nested = error as { errors?: unknown; cause?: unknown };
  const inner = [...(Array.isArray(nested.errors) ? nested.errors : []), nested.cause];
  for (const e of inner) {
    const reason = unavailableReason(e, depth + 1);
    if (reason) return reason;
  }
  return undefined;
}
