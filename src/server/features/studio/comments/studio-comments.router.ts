/**
 * The story author's controls over comments (issue 33, docs/decisions/0032), behind the studio's
 * gate (studio.router.ts): comments on or off for one of their stories, and hiding any comment on
 * their stories. Scoped to the creator: another creator's story or comment is not found. Staff
 * hide and unhide in the back office.
 */
import { COMMENT_MESSAGES } from "../../../../common/comments.js";
import { STORY_MESSAGES } from "../../../../common/api/studio.js";
import type { AppDeps } from "../../../app-deps.js";
import { ApiError } from "../../../lib/api-error.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import { findOwnComment } from "../../comments/comments.queries.js";
import { authorHide, setCommentsOpen } from "../../comments/comments.service.js";
import type { StudioAccess } from "../studio-access.js";
import { hideStudioCommentRoute, setStudioCommentsOpenRoute, unhideStudioCommentRoute } from "./studio-comments.routes.js";

export function studioCommentsRouter(deps: AppDeps, { studioUser }: StudioAccess) {
  const { database } = deps;

  async function moderated(creatorId: string, commentId: string, hide: boolean) {
    const now = serverClock.now();
    const done = await authorHide(database, creatorId, commentId, hide, now);
    if (!done.ok && done.reason === "staff_hidden") throw new ApiError(403, "NOT_STAFF", COMMENT_MESSAGES.staffHidden);
    if (!done.ok) throw new ApiError(404, "NOT_FOUND", COMMENT_MESSAGES.notFound);
    const comment = await findOwnComment(database, commentId, now);
    if (!comment) throw new ApiError(404, "NOT_FOUND", COMMENT_MESSAGES.notFound);
    return comment;
  }

  return createRouter()
    .openapi(setStudioCommentsOpenRoute, async (c) => {
      const { creatorId } = studioUser(c);
      const { open } = c.req.valid("json");
      if (!(await setCommentsOpen(database, creatorId, c.req.valid("param").id, open))) throw new ApiError(404, "NOT_FOUND", STORY_MESSAGES.notFound);
      return c.json({ open }, 200);
    })
    .openapi(hideStudioCommentRoute, async (c) => c.json(await moderated(studioUser(c).creatorId, c.req.valid("param").commentId, true), 200))
    .openapi(unhideStudioCommentRoute, async (c) => c.json(await moderated(studioUser(c).creatorId, c.req.valid("param").commentId, false), 200));
}
