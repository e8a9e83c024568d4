/**
 * A creator's products in the studio (issue 31, docs/decisions/0025), behind the studio's gate
 * (studio-access.ts, registered by studio.router.ts before this room is mounted). Drafts are the
 * creator's own; publishing puts a product on sale now or, with a drop time still to come, shows it
 * with its time until the server's clock reaches it. A suspended creator cannot publish, schedule
 * or change a published product (403 SUSPENDED); drafts and unpublishing stay open.
 */
import { dropIsAhead } from "../../../../common/drops.js";
import { PRODUCT_MESSAGES, type ProductDraft } from "../../../../common/api/studio-products.js";
import type { AppDeps } from "../../../app-deps.js";
import { ApiError } from "../../../lib/api-error.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import { refuseIfSuspended, type StudioAccess } from "../studio-access.js";
import {
  adjustStudioStock,
  createStudioProduct,
  duplicateStudioProduct,
  findStudioProduct,
  listStudioProducts,
  setStudioProductStatus,
  storiesOnSite,
  updateStudioProduct,
  usableImages,
  type ProductWrite,
} from "./studio-products.queries.js";
import {
  adjustStudioStockRoute,
  archiveStudioProductRoute,
  duplicateStudioProductRoute,
  createStudioProductRoute,
  getStudioProductRoute,
  listStudioProductsRoute,
  publishStudioProductRoute,
  unpublishStudioProductRoute,
  updateStudioProductRoute,
} from "./studio-products.routes.js";

const invalid = (field: string, message: string) => new ApiError(400, "VALIDATION_FAILED", message, { [field]: message });
const notFound = () => new ApiError(404, "NOT_FOUND", PRODUCT_MESSAGES.notFound);

function written(result: ProductWrite) {
  if (result.ok) return result.product;
  if (result.reason === "conflict") throw new ApiError(409, "PRODUCT_CHANGED", PRODUCT_MESSAGES.conflict);
  throw notFound();
}

/** A published product's drop time must still be to come: a past one would say 'Drops' for a product on sale. */
function checkDropTime(dropsAt: string | null, now: Date): void {
  if (dropsAt !== null && !dropIsAhead(dropsAt, now.getTime())) throw invalid("drops_at", PRODUCT_MESSAGES.dropTimePassed);
}

export function studioProductsRouter(deps: AppDeps, { studioUser }: StudioAccess) {
  const { database } = deps;

  /** Its stories must be on the site, and its pictures this creator's own uploads: nobody borrows another's by id. */
  async function checkLinks(userId: string, form: Pick<ProductDraft, "story_ids" | "image_ids">): Promise<void> {
    const [stories, images] = await Promise.all([storiesOnSite(database, form.story_ids), usableImages(database, [userId], form.image_ids)]);
    if (form.story_ids.some((id) => !stories.has(id))) throw invalid("story_ids", PRODUCT_MESSAGES.storyUnknown);
    if (form.image_ids.some((id) => !images.has(id))) throw invalid("image_ids", PRODUCT_MESSAGES.imageUnknown);
  }

  return createRouter()
    .openapi(listStudioProductsRoute, async (c) => c.json({ items: await listStudioProducts(database, studioUser(c).creatorId) }, 200))
    .openapi(createStudioProductRoute, async (c) => {
      const { creatorId, userId } = studioUser(c);
      const draft = c.req.valid("json");
      await checkLinks(userId, draft);
      return c.json(await createStudioProduct(database, creatorId, draft, serverClock.now()), 201);
    })
    .openapi(getStudioProductRoute, async (c) => {
      const product = await findStudioProduct(database, studioUser(c).creatorId, c.req.valid("param").id);
      if (!product) throw notFound();
      return c.json(product, 200);
    })
    .openapi(updateStudioProductRoute, async (c) => {
      const user = studioUser(c);
      const { id } = c.req.valid("param");
      const update = c.req.valid("json");
      const current = await findStudioProduct(database, user.creatorId, id);
      if (!current) throw notFound();
      const now = serverClock.now();
      if (current.status === "published") {
        refuseIfSuspended(user);
        // An unchanged time may have passed (the drop is open); a new one must be to come.
        if (update.drops_at !== current.drops_at) checkDropTime(update.drops_at, now);
      }
      await checkLinks(user.userId, update);
      return c.json(written(await updateStudioProduct(database, user.creatorId, id, update, now)), 200);
    })
    .openapi(publishStudioProductRoute, async (c) => {
      const user = studioUser(c);
      refuseIfSuspended(user);
      const { id } = c.req.valid("param");
      const current = await findStudioProduct(database, user.creatorId, id);
      if (!current) throw notFound();
      const now = serverClock.now();
      if (current.status !== "published") checkDropTime(current.drops_at, now);
      return c.json(written(await setStudioProductStatus(database, user.creatorId, id, c.req.valid("json").version, "published", now)), 200);
    })
    .openapi(unpublishStudioProductRoute, async (c) => {
      const { creatorId } = studioUser(c);
      const { id } = c.req.valid("param");
      return c.json(written(await setStudioProductStatus(database, creatorId, id, c.req.valid("json").version, "draft", serverClock.now())), 200);
    })
    .openapi(archiveStudioProductRoute, async (c) => {
      const { creatorId } = studioUser(c);
      const { id } = c.req.valid("param");
      return c.json(written(await setStudioProductStatus(database, creatorId, id, c.req.valid("json").version, "archived", serverClock.now())), 200);
    })
    .openapi(duplicateStudioProductRoute, async (c) => {
      const copy = await duplicateStudioProduct(database, studioUser(c).creatorId, c.req.valid("param").id, serverClock.now());
      if (!copy) throw notFound();
      return c.json(copy, 201);
    })
    .openapi(adjustStudioStockRoute, async (c) => {
      const user = studioUser(c);
      // Stock is for sale: a suspended creator's products are off the site, and stay as they are.
      refuseIfSuspended(user);
      const { id } = c.req.valid("param");
      const { delta, reason, size } = c.req.valid("json");
      const result = await adjustStudioStock(database, { seller: user.creatorId, userId: user.userId }, id, { size: size ?? null, delta, reason }, serverClock.now());
      if (result.ok) return c.json(result.product, 200);
      if (result.reason === "not_found") throw notFound();
      if (result.reason === "edition_full") throw invalid("delta", PRODUCT_MESSAGES.editionFull);
      throw new ApiError(409, "STOCK_CONFLICT", PRODUCT_MESSAGES.belowZero);
    });
}
