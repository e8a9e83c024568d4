/**
 * The creator studio: only a signed-in creator reaches it, and every query is scoped to that
 * creator, so another creator's story is "not found" and a subscriber is told what a studio is
 * for. docs/decisions/0018.
 *
 * A suspended creator (docs/decisions/0019) keeps the studio but cannot change what the site
 * would show once the suspension ends: publishing, saving a published story and editing the
 * profile answer 403 SUSPENDED. Drafts, unpublishing and deleting stay open (they publish nothing).
 */
import { followerCount } from "../follows/follows.queries.js";
import { serverClock } from "../../lib/clock.js";
import { STORY_MESSAGES, type StudioProfile } from "../../../common/api/studio.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { createRouter } from "../../lib/router.js";
import { findOwnCreator } from "../creators/creators.queries.js";
import { refuseIfSuspended, studioAccess, type StudioUser } from "./studio-access.js";
import { studioProductsRouter } from "./products/studio-products.router.js";
import { studioSalesRouter } from "./sales/studio-sales.router.js";
import { studioStatsRouter } from "./stats/studio-stats.router.js";
import { studioMessagesRouter } from "./messages/studio-messages.router.js";
import { studioTracksRouter } from "./tracks/tracks.router.js";
import { studioCommentsRouter } from "./comments/studio-comments.router.js";
import {
  createStory,
  creatorEmail,
  deleteStory,
  findStudioStory,
  listStudioStories,
  ownsMedia,
  setStoryStatus,
  updateCreatorProfile,
  updateStory,
  type StoryWrite,
} from "./studio.queries.js";
import {
  createStudioStoryRoute,
  deleteStudioStoryRoute,
  getStudioProfileRoute,
  getStudioStoryRoute,
  listStudioStoriesRoute,
  publishStudioStoryRoute,
  unpublishStudioStoryRoute,
  updateStudioProfileRoute,
  updateStudioStoryRoute,
} from "./studio.routes.js";

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, "VALIDATION_FAILED", message, { [field]: message });
}

function notFound(): ApiError {
  return new ApiError(404, "NOT_FOUND", STORY_MESSAGES.notFound);
}

function written(result: StoryWrite) {
  if (result.ok) return result.story;
  if (result.reason === "conflict") throw new ApiError(409, "STORY_CHANGED", STORY_MESSAGES.conflict);
  throw notFound();
}

export function studioRouter(deps: AppDeps) {
  const { database } = deps;
  const access = studioAccess(deps);
  const { studioUser } = access;

  /** An image named by a form must be one this user uploaded: nobody reuses another's upload by id. */
  async function checkImage(userId: string, mediaId: string | null, field: string, message: string): Promise<void> {
    if (mediaId !== null && !(await ownsMedia(database, userId, mediaId))) throw invalid(field, message);
  }

  async function profileOf({ creatorId, suspended, hidden }: StudioUser): Promise<StudioProfile> {
    const [creator, email] = await Promise.all([findOwnCreator(database, creatorId), creatorEmail(database, creatorId)]);
    if (!creator || email === undefined) throw new ApiError(403, "NOT_CREATOR", STORY_MESSAGES.notCreator);
    return { ...creator, email, avatar_media_id: creator.avatar?.id ?? null, art_type: creator.disciplines, suspended, hidden };
  }

  const router = createRouter();
  // Before any body is validated: a signed-out or non-creator caller learns that first, whatever
  // it sent, and nothing about the studio's rules. The products room is mounted behind it.
  router.use("/api/studio/*", access.creatorsOnly);
  return router
    .openapi(getStudioProfileRoute, async (c) => c.json(await profileOf(studioUser(c)), 200))
    .openapi(updateStudioProfileRoute, async (c) => {
      const user = studioUser(c);
      refuseIfSuspended(user);
      const profile = c.req.valid("json");
      await checkImage(user.userId, profile.avatar_media_id, "avatar_media_id", "Please upload the avatar again");
      await updateCreatorProfile(database, user.creatorId, profile);
      return c.json(await profileOf(user), 200);
    })
    .openapi(listStudioStoriesRoute, async (c) => {
      const { creatorId, suspended, hidden } = studioUser(c);
      const [items, followers] = await Promise.all([listStudioStories(database, creatorId), followerCount(database, creatorId)]);
      return c.json({ items, followers, suspended, hidden }, 200);
    })
    .openapi(createStudioStoryRoute, async (c) => {
      const user = studioUser(c);
      const draft = c.req.valid("json");
      await checkImage(user.userId, draft.cover_media_id, "cover_media_id", STORY_MESSAGES.coverUnknown);
      return c.json(await createStory(database, user.creatorId, draft), 201);
    })
    .openapi(getStudioStoryRoute, async (c) => {
      const { creatorId } = studioUser(c);
      const story = await findStudioStory(database, creatorId, c.req.valid("param").id);
      if (!story) throw notFound();
      return c.json(story, 200);
    })
    .openapi(updateStudioStoryRoute, async (c) => {
      const user = studioUser(c);
      const { id } = c.req.valid("param");
      const update = c.req.valid("json");
      if (user.suspended) {
        // A published story's text is what the site would show again once the suspension ends.
        const current = await findStudioStory(database, user.creatorId, id);
        if (!current) throw notFound();
        if (current.status === "published") refuseIfSuspended(user);
      }
      await checkImage(user.userId, update.cover_media_id, "cover_media_id", STORY_MESSAGES.coverUnknown);
      return c.json(written(await updateStory(database, user.creatorId, id, update)), 200);
    })
    .openapi(publishStudioStoryRoute, async (c) => {
      const user = studioUser(c);
      refuseIfSuspended(user);
      const { creatorId } = user;
      const { id } = c.req.valid("param");
      const current = await findStudioStory(database, creatorId, id);
      if (!current) throw notFound();
      if (current.body.trim() === "") throw invalid("body", STORY_MESSAGES.bodyRequiredToPublish);
      const result = written(await setStoryStatus(database, creatorId, id, c.req.valid("json").version, "published", serverClock.now()));
      // The followers' announcement was committed with it (outbox/announcements/).
      deps.outbox.wake();
      return c.json(result, 200);
    })
    .openapi(unpublishStudioStoryRoute, async (c) => {
      const { creatorId } = studioUser(c);
      const { id } = c.req.valid("param");
      return c.json(written(await setStoryStatus(database, creatorId, id, c.req.valid("json").version, "draft")), 200);
    })
    .openapi(deleteStudioStoryRoute, async (c) => {
      const { creatorId } = studioUser(c);
      if (!(await deleteStory(database, creatorId, c.req.valid("param").id))) throw notFound();
      return c.body(null, 204);
    })
    .route("/", studioProductsRouter(deps, access))
    .route("/", studioSalesRouter(deps, access))
    .route("/", studioStatsRouter(deps, access))
    .route("/", studioMessagesRouter(deps, access))
    .route("/", studioCommentsRouter(deps, access))
    .route("/", studioTracksRouter(deps, access));
}
