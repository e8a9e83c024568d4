/**
 * Curation: featuring, hiding and suspending (docs/decisions/0019). Curators and admins only; every
 * write runs in one transaction with its audit entry and, once it answers, drops the cached public
 * answers it changed on every instance (its route's `invalidates`, through the Redis bus).
 */
import { CURATION_MESSAGES, type CurationItem } from "../../../../common/api/admin-curation.js";
import { decodeCursor } from "../../../../common/paging.js";
import type { AppDeps } from "../../../app-deps.js";
import { writeTransaction } from "../../../db/dialect.js";
import { ApiError } from "../../../lib/api-error.js";
import { createRouter } from "../../../lib/router.js";
import {
  findCurationItem,
  listCuration,
  listFeatured,
  setFeatured,
  setFeaturedOrder,
  setHidden,
  setSuspended,
  type CuratedKind,
  type CurationResult,
  type FeatureResult,
} from "./curation.queries.js";
import {
  featureRoute,
  featuredOrderRoute,
  hideRoute,
  listCurationRoute,
  suspendRoute,
  unfeatureRoute,
  unhideRoute,
  unsuspendRoute,
} from "./curation.routes.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";

function notFound(): ApiError {
  return new ApiError(404, "NOT_FOUND", CURATION_MESSAGES.notFound);
}

export function adminCurationRouter(deps: AppDeps) {
  const { database } = deps;
  const { dialect } = database;

  /** Runs one curation write and its audit entry in a write transaction; answers the item as it is after it. */
  async function curate(
    kind: CuratedKind,
    id: string,
    write: (trx: typeof database.db) => Promise<CurationResult | FeatureResult>,
  ): Promise<CurationItem> {
    return writeTransaction(database.db, dialect, async (trx) => {
      const result = await write(trx);
      if (result === "not-found") throw notFound();
      if (result === "full") throw new ApiError(409, "FEATURED_FULL", CURATION_MESSAGES.featuredFull);
      const after = await findCurationItem(trx, dialect, kind, id);
      if (!after) throw notFound();
      return after;
    });
  }

  const actorOf = (c: Parameters<typeof staffOf>[0]) => {
    const staff = staffOf(c);
    return { id: staff.userId, email: staff.email };
  };

  const router = createRouter();
  // Before any parameter or body is validated: a visitor or member learns nothing else.
  router.use("/api/admin/curation/*", staffOnly(deps, "curation"));
  return router
    .openapi(listCurationRoute, async (c) => {
      const { kind } = c.req.valid("param");
      const { q, state, cursor, limit } = c.req.valid("query");
      // The schema has already refused a cursor that does not decode.
      const page = await listCuration(
        database,
        kind,
        { q: q || undefined, state },
        { cursor: cursor ? decodeCursor(cursor) : undefined, limit },
      );
      return c.json(page, 200);
    })
    .openapi(featuredOrderRoute, async (c) => {
      const { kind } = c.req.valid("param");
      const { ids } = c.req.valid("json");
      const actor = actorOf(c);
      const items = await writeTransaction(database.db, dialect, async (trx) => {
        if ((await setFeaturedOrder(trx, dialect, kind, ids, actor)) === "conflict") {
          throw new ApiError(409, "FEATURED_CHANGED", CURATION_MESSAGES.featuredChanged);
        }
        return listFeatured(trx, dialect, kind);
      });
      return c.json({ items }, 200);
    })
    .openapi(featureRoute, async (c) => {
      const { kind, id } = c.req.valid("param");
      const actor = actorOf(c);
      return c.json(await curate(kind, id, (trx) => setFeatured(trx, dialect, kind, id, true, actor)), 200);
    })
    .openapi(unfeatureRoute, async (c) => {
      const { kind, id } = c.req.valid("param");
      const actor = actorOf(c);
      return c.json(await curate(kind, id, (trx) => setFeatured(trx, dialect, kind, id, false, actor)), 200);
    })
    .openapi(hideRoute, async (c) => {
      const { kind, id } = c.req.valid("param");
      const { note } = c.req.valid("json") ?? {};
      const actor = actorOf(c);
      return c.json(await curate(kind, id, (trx) => setHidden(trx, kind, id, true, actor, { note })), 200);
    })
    .openapi(unhideRoute, async (c) => {
      const { kind, id } = c.req.valid("param");
      const { note } = c.req.valid("json") ?? {};
      const actor = actorOf(c);
      return c.json(await curate(kind, id, (trx) => setHidden(trx, kind, id, false, actor, { note })), 200);
    })
    .openapi(suspendRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { note } = c.req.valid("json") ?? {};
      const actor = actorOf(c);
      return c.json(await curate("creator", id, (trx) => setSuspended(trx, dialect, id, true, actor, { note })), 200);
    })
    .openapi(unsuspendRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { note } = c.req.valid("json") ?? {};
      const actor = actorOf(c);
      return c.json(await curate("creator", id, (trx) => setSuspended(trx, dialect, id, false, actor, { note })), 200);
    });
}
