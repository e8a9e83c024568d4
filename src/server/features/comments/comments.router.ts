/**
 * Comments on stories (issue 33, docs/decisions/0032): visitors read, signed-in members write,
 * reply, edit, delete and like. What a curator does to comments is the back office's; a ban they
 * write (`comment_ban`) stops every write here but deleting one's own.
 */
import type { Context } from "hono";
import type { Kysely } from "kysely";
import { COMMENT_BURST, COMMENT_HOURLY, COMMENT_MESSAGES as M } from "../../../common/comments.js";
import type { AppDeps } from "../../app-deps.js";
import type { Database } from "../../db/types.js";
import { requireUserId } from "../../auth/session.js";
import { ApiError } from "../../lib/api-error.js";
import { serverClock } from "../../lib/clock.js";
import { limitKey } from "../../lib/rate-limit.js";
import type { AppEnv } from "../../lib/app-env.js";
import { storyTag } from "../../lib/response-cache.js";
import { staleAlso } from "../../lib/route-policy.js";
import { createRouter } from "../../lib/router.js";
import { refusal } from "./comment-refusals.js";
import {
  BadCursor,
  commentStoryId,
  findCommentableStory,
  findOwnComment,
  findThread,
  listComments,
  listReplies,
  myComments,
} from "./comments.queries.js";
import {
  deleteCommentRoute,
  editCommentRoute,
  likeCommentRoute,
  listCommentsRoute,
  listRepliesRoute,
  myCommentsRoute,
  postCommentRoute,
  unlikeCommentRoute,
} from "./comments.routes.js";
import { deleteComment, editComment, postComment, setLike } from "./comments.service.js";

const badCursor = () => new ApiError(400, "VALIDATION_FAILED", "cursor is not valid; pass the next_cursor of the previous page", { cursor: "cursor is not valid" });

async function readOrBadCursor<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof BadCursor) throw badCursor();
    throw error;
  }
}

export function commentsRouter(deps: AppDeps) {
  const { database } = deps;
  const storyNotFound = () => new ApiError(404, "NOT_FOUND", M.storyNotFound);

  /**
   * The member's burst and hourly allowance, counted in the comment's own transaction (one commit
   * per post on SQLite, where the counters share the database) (COMMENT_BURST, COMMENT_HOURLY): 429 with Retry-After past either. */
  async function withinLimits(c: Context, userId: string, trx: Kysely<Database>): Promise<void> {
    for (const [name, { limit, windowSeconds }] of [["comment:burst", COMMENT_BURST], ["comment:hour", COMMENT_HOURLY]] as const) {
      const hit = await deps.rateLimiter.hitWithin(trx, limitKey(name, userId), limit, windowSeconds);
      if (!hit.allowed) {
        c.header("Retry-After", String(hit.retryAfterSeconds));
        throw new ApiError(429, "RATE_LIMITED", M.rateLimited);
      }
    }
  }

  /** The story a comment write changed: its cached comments and page go (staleAlso). */
  async function staleStoryOf(c: Context<AppEnv>, commentId: string): Promise<void> {
    const storyId = await commentStoryId(database, commentId);
    if (storyId) staleAlso(c, storyTag(storyId));
  }

  async function ownView(commentId: string) {
    const comment = await findOwnComment(database, commentId, serverClock.now());
    if (!comment) throw new ApiError(404, "NOT_FOUND", M.notFound);
    return comment;
  }

  return createRouter()
    .openapi(listCommentsRoute, async (c) => {
      const story = await findCommentableStory(database, c.req.valid("param").storyId);
      if (!story) throw storyNotFound();
      const { sort, cursor, limit } = c.req.valid("query");
      return c.json(await readOrBadCursor(() => listComments(database, story, { sort, cursor: cursor || undefined, limit }, serverClock.now())), 200);
    })
    .openapi(listRepliesRoute, async (c) => {
      const thread = await findThread(database, c.req.valid("param").commentId);
      if (!thread) throw new ApiError(404, "NOT_FOUND", M.notFound);
      const { cursor } = c.req.valid("query");
      return c.json(await readOrBadCursor(() => listReplies(database, thread.id, cursor || undefined, serverClock.now())), 200);
    })
    .openapi(myCommentsRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const story = await findCommentableStory(database, c.req.valid("query").story);
      if (!story) throw storyNotFound();
      return c.json(await myComments(database, userId, story, serverClock.now()), 200);
    })
    .openapi(postCommentRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { storyId } = c.req.valid("param");
      const { body, reply_to } = c.req.valid("json");
      const now = serverClock.now();
      const posted = await postComment(database, { userId, storyId, body, replyTo: reply_to }, { publicUrl: deps.config.publicUrl }, now, (trx) => withinLimits(c, userId, trx));
      if (!posted.ok) throw refusal(posted);
      deps.stats.action("comment", { kind: "story", id: storyId });
      staleAlso(c, storyTag(storyId));
      if (posted.mailed) deps.outbox.wake();
      return c.json(posted.comment, 201);
    })
    .openapi(editCommentRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { commentId } = c.req.valid("param");
      const edited = await editComment(database, userId, commentId, c.req.valid("json").body, serverClock.now());
      if (!edited.ok) throw refusal(edited);
      await staleStoryOf(c, commentId);
      return c.json(await ownView(commentId), 200);
    })
    .openapi(deleteCommentRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { commentId } = c.req.valid("param");
      // Read first: a comment without replies is gone afterwards.
      const storyId = await commentStoryId(database, commentId);
      const deleted = await deleteComment(database, userId, commentId, serverClock.now());
      if (!deleted.ok) throw refusal(deleted);
      if (storyId) staleAlso(c, storyTag(storyId));
      return c.json({ deleted: true as const, placeholder: deleted.placeholder }, 200);
    })
    .openapi(likeCommentRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const liked = await setLike(database, userId, c.req.valid("param").commentId, true, serverClock.now());
      if (!liked.ok) throw refusal(liked);
      await staleStoryOf(c, c.req.valid("param").commentId);
      return c.json({ liked: liked.liked, like_count: liked.like_count }, 200);
    })
    .openapi(unlikeCommentRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const unliked = await setLike(database, userId, c.req.valid("param").commentId, false, serverClock.now());
      if (!unliked.ok) throw refusal(unliked);
      await staleStoryOf(c, c.req.valid("param").commentId);
      return c.json({ liked: unliked.liked, like_count: unliked.like_count }, 200);
    });
}
