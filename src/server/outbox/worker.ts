/**
 * The in-process outbox worker (QUEUE=database, the default; docs/decisions/0020). Every instance
 * runs one: it polls every few seconds, is woken at once after a commit that wrote a message
 * (`wake()`), claims due rows one at a time (outbox/claims.ts) and sends them. Claims make
 * instances sharing one PostgreSQL database take different rows, so each message goes out once.
 * Now and then it deletes messages sent longer ago than the retention.
 */
import type { Logger } from "pino";
import type { Db } from "../db/client.js";
import type { MailContext } from "../emails/catalog.js";
import type { Mailer } from "../lib/mailer.js";
import { announcementExpander } from "./announcements/expander.js";
import { forgetUnconfirmed } from "../features/newsletter/newsletter.queries.js";
import { claimNext, purgeOld } from "./claims.js";
import { deliver } from "./deliver.js";
import { pacer } from "./pace.js";

/** What the rest of the app sees of whoever sends the outbox (AppDeps.outbox). */
export interface Outbox {
  /** Look for due messages now (call after committing one); never throws. */
  wake(): void;
  /** Processes everything due now; resolves with how many messages this call handled. */
  drain(): Promise<number>;
  /** Stops polling and waits for the message being sent, if any. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  database: Db;
  mailer: Mailer;
  logger: Logger;
  context: MailContext;
  now?: () => Date;
  /** How often to look for due rows without being woken. */
  pollMs?: number;
  /** Sent (and given-up) messages older than this are deleted. */
  retentionDays?: number;
  /** Signs unsubscribe links (the site's secret; emails/unsubscribe.ts). */
  unsubscribeSecret: string;
  /** E-mails this instance sends per second at most (MAIL_RATE_PER_SECOND); absent: no limit. */
  ratePerSecond?: number;
}

export const POLL_MS = 5_000;
export const RETENTION_DAYS = 30;
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Runs `pass` one at a time: on every poll, on wake() (one waiting pass at most, however many
 * wakes arrive meanwhile), and on drain(). stop() lets the running pass finish; a pass checks
 * `stopping()` between messages so that is one message at most.
 */
export function passRunner(pass: (stopping: () => boolean) => Promise<number>, options: { logger: Logger; pollMs: number }) {
  let chain: Promise<unknown> = Promise.resolve();
  let wakePending = false;
  let stopped = false;
  const stopping = () => stopped;
  const run = (): Promise<number> => {
    const next = chain.then(() => (stopped ? 0 : pass(stopping)));
    chain = next.catch(() => {});
    return next;
  };
  const wake = () => {
    if (stopped || wakePending) return;
    wakePending = true;
    // On a later turn of the event loop, never in this one: a request that wakes the worker
    // answers first. Run at once, the pass (a claim, then rendering the e-mail) held the answer
    // back by tens of milliseconds under load, and only when there was a mail to send: the
    // 'forgot password' answer then took longer for an address with an account than without.
    setImmediate(() => {
      const next = chain.then(() => {
        wakePending = false;
        return stopped ? 0 : pass(stopping);
      });
      chain = next.catch((error: unknown) => options.logger.warn({ err: error }, "outbox pass failed"));
    });
  };
  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  return {
    wake,
    /** The first pass, at once (no request is waiting on this turn): what was committed while nothing ran. */
    start() {
      chain = run().catch((error: unknown) => options.logger.warn({ err: error }, "outbox pass failed"));
    },
    drain: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await chain;
    },
  };
}

/**
 * Deletes old sent and given-up messages, and the newsletter's sign-ups whose 7 days to confirm
 * have passed, at most once an hour however often it is called.
 */
export function retentionPurge(options: { database: Db; logger: Logger; now: () => Date; retentionDays?: number }): () => Promise<void> {
  const { database, logger, now, retentionDays = RETENTION_DAYS } = options;
  let lastPurge = -Infinity;
  return async () => {
    const at = now();
    if (at.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at.getTime();
    const deleted = await purgeOld(database, new Date(at.getTime() - retentionDays * 86_400_000));
    if (deleted > 0) logger.info({ deleted }, "old outbox messages deleted");
    const forgotten = await forgetUnconfirmed(database, at);
    if (forgotten > 0) logger.info({ forgotten }, "unconfirmed newsletter sign-ups forgotten");
  };
}

export function createOutboxWorker(options: WorkerOptions): Outbox {
  const { database, logger, now = () => new Date(), pollMs = POLL_MS } = options;
  const deps = { database, mailer: options.mailer, logger, context: options.context, now, unsubscribeSecret: options.unsubscribeSecret };
  const purge = retentionPurge({ database, logger, now, retentionDays: options.retentionDays });
  const expander = announcementExpander({ database, context: options.context, now });
  const pace = pacer(options.ratePerSecond);
  const runner = passRunner(
    async (stopping) => {
      let handled = 0;
      // Announcements first: their e-mails are then sent in this same pass. One that fails to
      // expand (its claim waits out its lease before it is tried again) must not hold back the mail.
      await expander.expandDue(stopping).catch((error: unknown) => logger.warn({ err: error }, "announcements not expanded"));
      while (!stopping()) {
        await pace();
        const claim = await claimNext(database, now());
        if (!claim) break;
        await deliver(deps, claim.row, claim.token);
        handled++;
      }
      await purge();
      return handled;
    },
    { logger, pollMs },
  );
  // The first look at once: messages committed while no instance was running.
  runner.start();
  return runner;
}
