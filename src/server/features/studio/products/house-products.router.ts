/**
 * The house's own products (no creator), the back office's Products area (/api/admin/products,
 * admins), made and edited with the studio's product routes and form (docs/decisions/0028): the
 * same drafts, sizes, editions, drops, pictures and stock adjustments. A creator's products stay
 * theirs; curators hide them as before. Mounted by app.ts beside the back office's rooms: it is
 * this room's router under another gate.
 */
import type { AppDeps } from "../../../app-deps.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";
import { createRouter } from "../../../lib/router.js";
import { productsRouter } from "./studio-products.router.js";
import { adminProductRoutes } from "./studio-products.routes.js";

export function houseProductsRouter(deps: AppDeps) {
  const router = createRouter();
  router.use("/api/admin/products/*", staffOnly(deps, "products"));
  // The house is never suspended.
  return router.route("/", productsRouter(deps, adminProductRoutes, (c) => ({ seller: null, userId: staffOf(c).userId, refuseIfSuspended: () => undefined })));
}
