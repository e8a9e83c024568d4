import { productTag } from "../../lib/response-cache.js";
import { cacheAlso } from "../../lib/route-policy.js";
import { createRouter } from "../../lib/router.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { decodeCursor, decodeDatedCursor } from "../../../common/paging.js";
import { findProduct, findStory, listProducts, listStories, productFacets } from "./catalog.queries.js";
import {
  getProductRoute,
  getStoryRoute,
  listProductsRoute,
  listStoriesRoute,
  productFacetsRoute,
} from "./catalog.routes.js";

export function catalogRouter(deps: AppDeps) {
  const { database } = deps;

  return createRouter()
    .openapi(listStoriesRoute, async (c) => {
      const { cursor, limit } = c.req.valid("query");
      // The schema has already refused a cursor that does not decode.
      const page = await listStories(database, { cursor: cursor ? decodeCursor(cursor) : undefined, limit });
      return c.json(page, 200);
    })
    .openapi(getStoryRoute, async (c) => {
      const story = await findStory(database, c.req.valid("param").id);
      if (!story) throw new ApiError(404, "NOT_FOUND", "No story has this id.");
      return c.json(story, 200);
    })
    // Before /api/products/{id}, which would otherwise take "facets" for an id.
    .openapi(productFacetsRoute, async (c) => {
      const facets = await productFacets(database, c.req.valid("query").kind);
      return c.json(facets, 200);
    })
    .openapi(listProductsRoute, async (c) => {
      const { kind, q, story, category, cursor, limit } = c.req.valid("query");
      const page = await listProducts(
        database,
        { kind, category, story: story || undefined, q: q || undefined },
        { cursor: cursor ? decodeDatedCursor(cursor) : undefined, limit },
      );
      // An order of one of these products drops this page; an order of any other leaves it.
      cacheAlso(c, ...page.items.map((product) => productTag(product.id)));
      return c.json(page, 200);
    })
    .openapi(getProductRoute, async (c) => {
      const product = await findProduct(database, c.req.valid("param").id);
      if (!product) throw new ApiError(404, "NOT_FOUND", "No product has this id.");
      return c.json(product, 200);
    });
}
