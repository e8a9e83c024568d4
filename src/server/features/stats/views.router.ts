/** POST /api/views: the app's own navigations to public pages, counted (count-views.ts). */
import type { AppDeps } from "../../app-deps.js";
import { validationError } from "../../lib/api-error.js";
import { clientIp } from "../../lib/client-ip.js";
import { createRouter } from "../../lib/router.js";
import { beaconView } from "./count-views.js";
import { countViewRoute, VIEW_PATH_MAX } from "./views.routes.js";

export function viewsRouter(deps: AppDeps) {
  return createRouter().openapi(countViewRoute, async (c) => {
    // Plain text, which the contract's validator does not read: checked here.
    const path = await c.req.text();
    if (!path.startsWith("/") || path.length > VIEW_PATH_MAX) throw validationError({ path: "Send the page's path, starting with /" });
    beaconView(deps.stats, { header: (name) => c.req.header(name) }, path, clientIp(c, deps.config.trustProxy));
    return c.body(null, 204);
  });
}
