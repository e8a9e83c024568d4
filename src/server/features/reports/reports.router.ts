/** Reports: any signed-in user reports an item; curators resolve them (docs/decisions/0019). */
import type { AppDeps } from "../../app-deps.js";
import { createRouter } from "../../lib/router.js";

export function reportsRouter(_deps: AppDeps) {
  return createRouter();
}
