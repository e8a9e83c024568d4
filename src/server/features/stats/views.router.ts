/** POST /api/views: the app's own navigations to public pages, counted (count-views.ts). */
import type { AppDeps } from "../../app-deps.js";
import { clientIp } from "../../lib/client-ip.js";
import { createRouter } from "../../lib/router.js";
import { beaconView } from "./count-views.js";
import { countViewRoute } from "./views.routes.js";

export function viewsRouter(deps: AppDeps) {
  return createRouter().openapi(countViewRoute, (c) => {
    beaconView(deps.stats, { header: (name) => c.req.header(name) }, c.req.valid("json").path, clientIp(c, deps.config.trustProxy));
    return c.body(null, 204);
  });
}
