/**
 * The back office's API (docs/decisions/0019): one room per area under features/admin/<area>/,
 * each with its contract (`<area>.routes.ts`), its router behind the area's gate (staffOnly with
 * the area's role from ADMIN_AREAS, before anything is validated, so a caller who may not use it
 * learns nothing else), its queries and its tests. A new area is a new room mounted here; the
 * Products area is the studio's product room under the admins' gate (features/studio/products/
 * house-products.router.ts), mounted by app.ts.
 */
import type { AppDeps } from "../../app-deps.js";
import { createRouter } from "../../lib/router.js";
import { adminAuditRouter } from "./audit/audit.router.js";
import { adminCommentsRouter } from "./comments/comments.router.js";
import { adminCurationRouter } from "./curation/curation.router.js";
import { adminInventoryRouter } from "./inventory/inventory.router.js";
import { adminMailRouter } from "./mail/mail.router.js";
import { adminNewsletterRouter } from "./newsletter/newsletter.router.js";
import { adminOrdersRouter } from "./orders/orders.router.js";
import { adminOverviewRouter } from "./overview/overview.router.js";
import { adminPeopleRouter } from "./people/people.router.js";
import { adminRadioRouter } from "./radio/radio.router.js";
import { adminStatsRouter } from "./stats/stats.router.js";

export function adminRouter(deps: AppDeps) {
  return createRouter()
    .route("/", adminOrdersRouter(deps))
    .route("/", adminCurationRouter(deps))
    .route("/", adminOverviewRouter(deps))
    .route("/", adminInventoryRouter(deps))
    .route("/", adminAuditRouter(deps))
    .route("/", adminPeopleRouter(deps))
    .route("/", adminMailRouter(deps))
    .route("/", adminNewsletterRouter(deps))
    .route("/", adminCommentsRouter(deps))
    .route("/", adminRadioRouter(deps))
    .route("/", adminStatsRouter(deps));
}
