/**
 * A seller's products (issue 31, docs/decisions/0025): a creator's in the studio, behind the
 * studio's gate (studio-access.ts, registered by studio.router.ts before this room is mounted), and
 * the house's own in the back office, behind its admins' gate (features/admin/products). Drafts
 * are the seller's own; publishing puts a product on sale now or, with a drop time still to come,
 * shows it with its time until the server's clock reaches it. A suspended creator cannot publish,
 * schedule or change a published product (403 SUSPENDED); drafts and unpublishing stay open.
 */
import { dropIsAhead } from "../../../../common/drops.js";
import { PRODUCT_MESSAGES, type ProductDraft } from "../../../../common/api/studio-products.js";
import type { AppDeps } from "../../../app-deps.js";
import { ApiError } from "../../../lib/api-error.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import type { Context } from "hono";
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
  type Seller,
} from "./studio-products.queries.js";
import { studioProductRoutes, type ProductRoutes } from "./studio-products.routes.js";

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

/** Who is asking, as the products' routes need it: whose products, which account, and whether it may change what the site shows. */
export interface ProductEditor {
  seller: Seller;
  userId: string;
  /** Throws 403 SUSPENDED for a seller who may not change what the site shows. */
  refuseIfSuspended: () => void;
}

/** The studio's products: the signed-in creator's own. */
export function studioProductsRouter(deps: AppDeps, { studioUser }: StudioAccess) {
  return productsRouter(deps, studioProductRoutes, (c) => {
    const user = studioUser(c);
    return { seller: user.creatorId, userId: user.userId, refuseIfSuspended: () => refuseIfSuspended(user) };
  });
}

export function productsRouter(deps: AppDeps, routes: ProductRoutes, editorOf: (c: Context) => ProductEditor) {
  const { database } = deps;

  /**
   * Its stories must be on the site, and its pictures the editor's own uploads or ones the product
   * shows already (another admin's, on a house product): nobody borrows another's upload by id.
   */
  async function checkLinks(editor: ProductEditor, form: Pick<ProductDraft, "story_ids" | "image_ids">, shown: readonly { id: string }[] = []): Promise<void> {
    const [stories, images] = await Promise.all([storiesOnSite(database, form.story_ids), usableImages(database, [editor.userId], form.image_ids)]);
    for (const image of shown) images.add(image.id);
    if (form.story_ids.some((id) => !stories.has(id))) throw invalid("story_ids", PRODUCT_MESSAGES.storyUnknown);
    if (form.image_ids.some((id) => !images.has(id))) throw invalid("image_ids", PRODUCT_MESSAGES.imageUnknown);
  }

  return createRouter()
    .openapi(routes.listProducts, async (c) => c.json({ items: await listStudioProducts(database, editorOf(c).seller) }, 200))
    .openapi(routes.createProduct, async (c) => {
      const editor = editorOf(c);
      const draft = c.req.valid("json");
      await checkLinks(editor, draft);
      return c.json(await createStudioProduct(database, editor.seller, draft, serverClock.now()), 201);
    })
    .openapi(routes.getProduct, async (c) => {
      const product = await findStudioProduct(database, editorOf(c).seller, c.req.valid("param").id);
      if (!product) throw notFound();
      return c.json(product, 200);
    })
    .openapi(routes.updateProduct, async (c) => {
      const editor = editorOf(c);
      const { id } = c.req.valid("param");
      const update = c.req.valid("json");
      const current = await findStudioProduct(database, editor.seller, id);
      if (!current) throw notFound();
      const now = serverClock.now();
      if (current.status === "published") {
        editor.refuseIfSuspended();
        // An unchanged time may have passed (the drop is open); a new one must be to come.
        if (update.drops_at !== current.drops_at) checkDropTime(update.drops_at, now);
      }
      await checkLinks(editor, update, current.images);
      return c.json(written(await updateStudioProduct(database, editor.seller, id, update, now)), 200);
    })
    .openapi(routes.publishProduct, async (c) => {
      const editor = editorOf(c);
      editor.refuseIfSuspended();
      const { id } = c.req.valid("param");
      const current = await findStudioProduct(database, editor.seller, id);
      if (!current) throw notFound();
      const now = serverClock.now();
      if (current.status !== "published") checkDropTime(current.drops_at, now);
      const result = written(await setStudioProductStatus(database, editor.seller, id, c.req.valid("json").version, "published", now));
      // The followers' announcement was committed with it (outbox/announcements/).
      deps.outbox.wake();
      return c.json(result, 200);
    })
    .openapi(routes.unpublishProduct, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(written(await setStudioProductStatus(database, editorOf(c).seller, id, c.req.valid("json").version, "draft", serverClock.now())), 200);
    })
    .openapi(routes.archiveProduct, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(written(await setStudioProductStatus(database, editorOf(c).seller, id, c.req.valid("json").version, "archived", serverClock.now())), 200);
    })
    .openapi(routes.duplicateProduct, async (c) => {
      const copy = await duplicateStudioProduct(database, editorOf(c).seller, c.req.valid("param").id, serverClock.now());
      if (!copy) throw notFound();
      return c.json(copy, 201);
    })
    .openapi(routes.adjustStock, async (c) => {
      const editor = editorOf(c);
      // Stock is for sale: a suspended creator's products are off the site, and stay as they are.
      editor.refuseIfSuspended();
      const { id } = c.req.valid("param");
      const { delta, reason, size } = c.req.valid("json");
      const result = await adjustStudioStock(database, editor, id, { size: size ?? null, delta, reason }, serverClock.now());
      if (result.ok) return c.json(result.product, 200);
      if (result.reason === "not_found") throw notFound();
      if (result.reason === "edition_full") throw invalid("delta", PRODUCT_MESSAGES.editionFull);
      throw new ApiError(409, "STOCK_CONFLICT", PRODUCT_MESSAGES.belowZero);
    });
}
