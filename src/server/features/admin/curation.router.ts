/** Curation: featuring, hiding and suspending (docs/decisions/0019). */
import type { AppDeps } from "../../app-deps.js";
import { createRouter } from "../../lib/router.js";

export function adminCurationRouter(_deps: AppDeps) {
  return createRouter();
}
