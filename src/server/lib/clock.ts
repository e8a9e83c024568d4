/**
 * The server's time for rules that open at a moment (a scheduled drop): every such rule reads
 * this, never the browser's clock. It is the system clock; unit tests move it with a fake Date,
 * and the browser tests' server (scripts/e2e-server.mjs, on its loopback control port) moves it
 * forward with `setOffset`, so no test waits for a drop to open.
 */
let offsetMs = 0;

export const serverClock = {
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  /** Runs the clock this many ms ahead of the system's (0: the system's own time). */
  setOffset(ms: number): void {
    offsetMs = ms;
  },
};
