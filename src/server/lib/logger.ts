/** JSON logs (request lines: request-stamp.ts); silent in tests unless LOG_LEVEL says otherwise. */
import { pino, type Logger } from "pino";

const FLUSH_EVERY_MS = 1_000;

export function createLogger(level: string): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (level === "silent") return pino(options);
  // One write(2) per request line cost more than building the line at a few thousand requests a
  // second. Lines leave in 4 KB batches, at least once a second when traffic is low, and pino
  // flushes the rest synchronously when the process exits.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return pino(options, destination);
}
