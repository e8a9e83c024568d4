/**
 * The counter (docs/decisions/0034): every counted page view and action is captured as it
 * happened (an object pushed to a buffer) and handed to the writer in one batch every
 * STATS_FLUSH_MS (2 s), or sooner when a batch fills, so counting costs a request a push. The
 * writer (batch-writer.ts) does the rest, in the writer thread when the site runs one
 * (threaded-writer.ts). A crash loses at most the batch not written yet, never the database.
 */
import type { Logger } from "pino";
import type { ItemRef } from "./items.js";
import type { ActionKind, Capture, StatsWriter, ViewCapture, Visit } from "./batch-writer.js";

export type { ActionKind, Visit } from "./batch-writer.js";

/** A batch this big is handed to the writer at once rather than at the next tick. */
const FLUSH_AT = 5_000;
/** While the database cannot take them, counts beyond this many are dropped, not held. */
const HOLD_AT_MOST = 100_000;

export interface CounterOptions {
  flushMs: number;
  logger: Logger;
  /** The server's clock (lib/clock.ts), in ms. */
  now: () => number;
  /** Off (STATS_COUNTING=false): nothing is counted, and the pages answer as before. */
  enabled: boolean;
  /** FLUSH_AT and HOLD_AT_MOST, smaller in tests. */
  limits?: { flushAt?: number; holdAtMost?: number };
}

export function createCounter(writer: StatsWriter, options: CounterOptions) {
  const { logger, now, enabled } = options;
  const flushAt = options.limits?.flushAt ?? FLUSH_AT;
  const holdAtMost = options.limits?.holdAtMost ?? HOLD_AT_MOST;
  let buffer: Capture[] = [];
  let writing: Promise<void> = Promise.resolve();
  /** Events in batches handed to `writing` and not written (or dropped) yet. */
  let queued = 0;
  let dropped = 0;

  const push = (event: Capture) => {
    if (!enabled) return;
    // A full buffer is handed over as a batch at once, so what the database has not taken yet is
    // mostly in the batches waiting their turn: those count towards the limit too.
    if (buffer.length + queued >= holdAtMost) {
      dropped += 1;
      return;
    }
    buffer.push(event);
    if (buffer.length === flushAt) void flush();
  };

  /** Writes what is buffered; batches are written one after another, never two at once. */
  function flush(): Promise<void> {
    const batch = buffer;
    buffer = [];
    queued += batch.length;
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await writer.write(batch);
      } catch (error) {
        logger.warn({ err: error, events: batch.length }, "stats: a batch of counts could not be written and is dropped");
      } finally {
        queued -= batch.length;
      }
      if (dropped) {
        logger.warn({ dropped }, "stats: counts dropped while the database was not taking them");
        dropped = 0;
      }
    });
    return writing;
  }

  const timer = enabled ? setInterval(() => void flush(), options.flushMs) : undefined;
  timer?.unref();

  return {
    /** A page view as the request showed it; the caller has already left out who declines counting (who-counts.ts). */
    view(view: Omit<ViewCapture, "type" | "at">): void {
      push({ type: "view", at: now(), ...view });
    },
    /** Something a member did to an item: favorited, followed, commented, bought, played. */
    action(kind: ActionKind, item: ItemRef, amounts: { units?: number; amountCents?: number } = {}): void {
      push({ type: "action", at: now(), kind, item, units: amounts.units ?? 0, amountCents: amounts.amountCents ?? 0 });
    },
    /** An account opened; `visit` null when the browser declines counting (counted, not attributed). */
    signup(visit: Visit | null): void {
      push({ type: "signup", at: now(), visit });
    },
    flush,
    /** Writes the last batch and closes the writer (at shutdown, before the database closes). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await flush();
      await writer.close();
    },
  };
}
export type StatsCounter = ReturnType<typeof createCounter>;
