/** The back office's orders: list, detail, and the moves of the one state machine (docs/decisions/0019). */
import type { AppDeps } from "../../app-deps.js";
import { createRouter } from "../../lib/router.js";

export function adminOrdersRouter(_deps: AppDeps) {
  return createRouter();
}
