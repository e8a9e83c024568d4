import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppDeps } from "../../app.js";
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

/** The catalog is public and the same for everyone; a short shared cache is fine. */
function cachePublicly(c: Context): void {
  c.header("Cache-Control", "public, max-age=30");
}

export function registerCatalogRoutes(app: OpenAPIHono, deps: AppDeps): void {
  const { database } = deps;

  app.openapi(listStoriesRoute, async (c) => {
    const { cursor, limit } = c.req.valid("query");
    // The schema has already refused a cursor that does not decode.
    const page = await listStories(database, { cursor: cursor ? decodeCursor(cursor) : undefined, limit });
    cachePublicly(c);
    return c.json(page, 200);
  });

  app.openapi(getStoryRoute, async (c) => {
    const story = await findStory(database, c.req.valid("param").id);
    if (!story) throw new ApiError(404, "NOT_FOUND", "No story has this id.");
    cachePublicly(c);
    return c.json(story, 200);
  });

  // Before /api/products/{id}, which would otherwise take "facets" for an id.
  app.openapi(productFacetsRoute, async (c) => {
    const facets = await productFacets(database, c.req.valid("query").kind);
    cachePublicly(c);
    return c.json(facets, 200);
  });

  app.openapi(listProductsRoute, async (c) => {
    const { kind, q, story, category, cursor, limit } = c.req.valid("query");
    const page = await listProducts(
      database,
      { kind, category, story: story || undefined, q: q || undefined },
      { cursor: cursor ? decodeDatedCursor(cursor) : undefined, limit },
    );
    cachePublicly(c);
    return c.json(page, 200);
  });

  app.openapi(getProductRoute, async (c) => {
    const product = await findProduct(database, c.req.valid("param").id);
    if (!product) throw new ApiError(404, "NOT_FOUND", "No product has this id.");
    cachePublicly(c);
    return c.json(product, 200);
  });
}
