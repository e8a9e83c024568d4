/** The back office's overview, inventory, audit log and people (docs/decisions/0019). */
import type { AppDeps } from "../../app-deps.js";
import { createRouter } from "../../lib/router.js";

export function adminBackOfficeRouter(_deps: AppDeps) {
  return createRouter();
}
