/**
 * Share cards (docs/decisions/0021): GET /og/site.png and GET /og/{story|creator|product}/{id}.png,
 * 1200 × 630 PNGs for the pages' og:image. The item is read with the public API's own queries, so
 * whatever the public may not see (a draft or hidden story, a hidden product, a hidden or
 * suspended creator and their work) has no card either: 404, as its page and GET /api/... are.
 *
 * The pages link `?v=<version>` (og/og-items.ts ogImagePath): with the current version the answer
 * is cached for a year (a change to the item is a new URL); with none or an old one it is the
 * current card, cached for five minutes. Not under /api: no JSON guards, no response cache, no
 * OpenAPI contract; the security headers are added to it as to every answer.
 */
import { resolve } from "node:path";
import { IdParamsSchema } from "../../../common/api/params.js";
import type { AppDeps } from "../../app-deps.js";
import { createRouter } from "../../lib/router.js";
import { ogVersion, type OgCard } from "../../og/og-card.js";
import { createOgImages, type OgImages } from "../../og/og-images.js";
import { creatorOgCard, isOgItemKind, productOgCard, siteOgCard, storyOgCard, type OgItemKind } from "../../og/og-items.js";
import { findProduct, findStory } from "../catalog/catalog.queries.js";
import { findCreator } from "../creators/creators.queries.js";

const IMMUTABLE = "public, max-age=31536000, immutable";
const CURRENT = "public, max-age=300";
/** The sample content's pictures (the repository's media/, as lib/static.ts serves them). */
const SEED_MEDIA_DIR = resolve("media");

type OgDeps = Pick<AppDeps, "database" | "media" | "logger">;

/** The card of a public item, or undefined when there is none the public may see. */
async function cardOf({ database }: OgDeps, kind: OgItemKind, id: string): Promise<OgCard | undefined> {
  if (kind === "story") {
    const story = await findStory(database, id);
    return story && storyOgCard(story);
  }
  if (kind === "creator") {
    const creator = await findCreator(database, id);
    return creator && creatorOgCard(creator);
  }
  const product = await findProduct(database, id);
  return product && productOgCard(product);
}

export function ogRouter(deps: OgDeps, images?: OgImages) {
  const cards =
    images ??
    createOgImages({
      media: deps.media,
      seedDir: SEED_MEDIA_DIR,
      onRender: ({ key, ms }) => deps.logger.debug({ key, ms: Math.round(ms) }, "share card rendered"),
    });

  const answer = async (name: string, card: OgCard, asked: string | undefined, ifNoneMatch: string | undefined) => {
    const version = ogVersion(card);
    const etag = `"${version}"`;
    const headers = { "Content-Type": "image/png", "Cache-Control": asked === version ? IMMUTABLE : CURRENT, ETag: etag };
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers });
    const png = await cards.png(`${name}:${version}`, card);
    return new Response(png, { status: 200, headers: { ...headers, "Content-Length": String(png.byteLength) } });
  };
  const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

  return createRouter()
    .get("/og/site.png", (c) => answer("site", siteOgCard(), c.req.query("v"), c.req.header("if-none-match")))
    .get("/og/:kind/:file", async (c) => {
      const { kind, file } = c.req.param();
      const id = file.endsWith(".png") ? file.slice(0, -".png".length) : "";
      // The API's own rule for an id in a path (no control characters, not too long); no such item otherwise.
      if (!isOgItemKind(kind) || !IdParamsSchema.shape.id.safeParse(id).success) return notFound();
      const card = await cardOf(deps, kind, id);
      if (!card) return notFound();
      return answer(`${kind}:${id}`, card, c.req.query("v"), c.req.header("if-none-match"));
    })
    .all("/og/*", () => notFound());
}
