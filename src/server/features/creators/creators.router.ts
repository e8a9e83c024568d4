/**
 * The creators directory (public) and creator applications (open to anyone, rate limited per
 * client address). See docs/decisions/0006.
 */
import { productTag } from "../../lib/response-cache.js";
import { cacheAlso } from "../../lib/route-policy.js";
import { createRouter } from "../../lib/router.js";
import type { MiddlewareHandler } from "hono";
import { CREATOR_MESSAGES } from "../../../common/creator-schemas.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { clientIp } from "../../lib/client-ip.js";
import { limitKey } from "../../lib/rate-limit.js";
import { sessionUserId } from "../../auth/session.js";
import { decodeDatedCursor } from "../../../common/paging.js";
import { findProfile } from "../account/profile.queries.js";
import { createCreator, creatorFacets, findCreator, linkUserToCreator, listCreators } from "./creators.queries.js";
import { listProductsByCreator, listStoriesByCreator } from "../catalog/catalog.queries.js";
import {
  applyCreatorRoute,
  creatorFacetsRoute,
  creatorProfilePageRoute,
  getCreatorRoute,
  listCreatorsRoute,
} from "./creators.routes.js";
import { followerCount } from "../follows/follows.queries.js";

/** How many stories and products a creator's page lists. */
const PAGE_ITEMS = 60;

/**
 * Counts every application attempt against the client address, before validation, so that
 * neither spam nor probing for taken emails gets more than the budget (AUTH_RATE_LIMIT_IP per
 * AUTH_RATE_LIMIT_WINDOW_SECONDS, counted separately from sign-in and sign-up).
 */
function applicationLimit(deps: AppDeps): MiddlewareHandler {
  const { perIp, windowSeconds } = deps.config.authRateLimit;
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const ip = clientIp(c, deps.config.trustProxy);
    const limit = await deps.rateLimiter.hit(limitKey("creator-application:ip", ip), perIp, windowSeconds);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      throw new ApiError(429, "RATE_LIMITED", CREATOR_MESSAGES.rateLimited);
    }
    await next();
  };
}

export function creatorsRouter(deps: AppDeps) {
  const { database, logger } = deps;

  const router = createRouter();
  router.use(applyCreatorRoute.path, applicationLimit(deps));
  return router
    .openapi(creatorFacetsRoute, async (c) => {
      const facets = await creatorFacets(database);
      return c.json(facets, 200);
    })
    .openapi(listCreatorsRoute, async (c) => {
      const { q, discipline, city, story, cursor, limit } = c.req.valid("query");
      // The schema has already refused a cursor that does not decode.
      const page = await listCreators(
        database,
        { q: q || undefined, discipline, city: city || undefined, story: story || undefined },
        { cursor: cursor ? decodeDatedCursor(cursor) : undefined, limit },
      );
      return c.json(page, 200);
    })
    // After /api/creators/facets, which it would otherwise take for an id.
    .openapi(getCreatorRoute, async (c) => {
      const creator = await findCreator(database, c.req.valid("param").id);
      if (!creator) throw new ApiError(404, "NOT_FOUND", "No creator has this id.");
      return c.json(creator, 200);
    })
    .openapi(creatorProfilePageRoute, async (c) => {
      const { id } = c.req.valid("param");
      const creator = await findCreator(database, id);
      if (!creator) throw new ApiError(404, "NOT_FOUND", "No creator has this id.");
      const [stories, products, followers] = await Promise.all([
        listStoriesByCreator(database, id, PAGE_ITEMS),
        listProductsByCreator(database, id, PAGE_ITEMS),
        followerCount(database, id),
      ]);
      // An order of one of the creator's products drops the page (its stock shows there).
      cacheAlso(c, ...products.map((product) => productTag(product.id)));
      return c.json({ creator, stories, products, followers }, 200);
    })
    .openapi(applyCreatorRoute, async (c) => {
      const application = c.req.valid("json");
      const userId = await sessionUserId(deps.sessions, c);
      const profile = userId ? await findProfile(database, userId) : undefined;
      if (profile?.creator) throw new ApiError(409, "ALREADY_CREATOR", CREATOR_MESSAGES.alreadyCreator);
      // The form shows the account's email read-only (spec §2); another one would create a creator
      // record the account cannot be told apart from.
      if (profile && profile.email.toLowerCase() !== application.email) {
        throw new ApiError(400, "VALIDATION_FAILED", CREATOR_MESSAGES.emailNotAccount, {
          email: CREATOR_MESSAGES.emailNotAccount,
        });
      }
      const result = await createCreator(database, application, profile ? profile.uid : null);
      if (!result.ok) {
        throw new ApiError(409, "EMAIL_TAKEN", CREATOR_MESSAGES.emailTaken, { email: CREATOR_MESSAGES.emailTaken });
      }
      if (profile) {
        // DECISIONS.md 12 / spec §8: the application stands even if marking the user fails.
        try {
          await linkUserToCreator(database, profile.uid, result.creator.id);
        } catch (error) {
          logger.error(
            { err: error, userId: profile.uid, creatorId: result.creator.id, id: c.get("requestId") },
            "could not mark the user as creator",
          );
        }
      }
      return c.json(result.creator, 201);
    });
}
