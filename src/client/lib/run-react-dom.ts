/**
 * React DOM is CommonJS: its code runs when a module first imports it, which would be the app
 * itself, as one long task with everything else the app does at start. This module is built into
 * React DOM's own chunk (the `libraries` of deferredApp in vite.config.ts), so its import runs
 * React DOM when that chunk is evaluated: in a task of its own, before the app (src/client/boot.ts).
 */
import "react-dom/client";
