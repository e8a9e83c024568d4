/**
 * The back office's Comments area (issue 33, docs/decisions/0032), for curators: the comments list,
 * hiding and unhiding, and bans from commenting. Every write is one transaction with its audit
 * entry; its route's `invalidates` drops the cached public answers once it answers.
 */
import type { Context } from "hono";
import { COMMENT_MODERATION_MESSAGES as M } from "../../../../common/comment-moderation.js";
import type { AppDeps } from "../../../app-deps.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";
import { writeTransaction } from "../../../db/dialect.js";
import { ApiError } from "../../../lib/api-error.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import { cursorOf } from "../contract.js";
import {
  banFromCommentingRoute,
  hideCommentRoute,
  liftCommentBanRoute,
  listAdminCommentsRoute,
  listCommentBansRoute,
  unhideCommentRoute,
} from "./comments.routes.js";
import { findAdminComment, findCommentBan, listAdminComments, listCommentBans } from "./moderation.queries.js";
import { banFromCommenting, hideComment, liftCommentBan, unhideComment, type CommentMoveResult } from "./moderation.service.js";

const DAY_MS = 86_400_000;

export function adminCommentsRouter(deps: AppDeps) {
  const { database } = deps;
  const { dialect } = database;
  const actorOf = (c: Context) => {
    const staff = staffOf(c);
    return { id: staff.userId, email: staff.email };
  };

  async function move(c: Context, commentId: string, write: typeof hideComment | typeof unhideComment) {
    const now = serverClock.now();
    const result: CommentMoveResult = await writeTransaction(database.db, dialect, (trx) => write(trx, dialect, commentId, actorOf(c), { now }));
    if (result === "not-found") throw new ApiError(404, "NOT_FOUND", M.commentNotFound);
    if (result === "deleted") throw new ApiError(409, "COMMENT_DELETED", M.commentDeleted);
    const after = await findAdminComment(database, commentId, now);
    if (!after) throw new ApiError(404, "NOT_FOUND", M.commentNotFound);
    return after;
  }

  const router = createRouter();
  router.use("/api/admin/comments", staffOnly(deps, "comments"));
  router.use("/api/admin/comments/*", staffOnly(deps, "comments"));
  return router
    .openapi(listAdminCommentsRoute, async (c) => {
      const { state, cursor, limit } = c.req.valid("query");
      return c.json(await listAdminComments(database, state, { cursor: cursorOf(cursor), limit }, serverClock.now()), 200);
    })
    .openapi(listCommentBansRoute, async (c) => c.json({ items: await listCommentBans(database, serverClock.now()) }, 200))
    .openapi(hideCommentRoute, async (c) => c.json(await move(c, c.req.valid("param").commentId, hideComment), 200))
    .openapi(unhideCommentRoute, async (c) => c.json(await move(c, c.req.valid("param").commentId, unhideComment), 200))
    .openapi(banFromCommentingRoute, async (c) => {
      const { userId } = c.req.valid("param");
      const { days, hide_comments, note } = c.req.valid("json");
      const now = serverClock.now();
      const until = days === null ? null : new Date(now.getTime() + days * DAY_MS);
      const result = await writeTransaction(database.db, dialect, (trx) =>
        banFromCommenting(trx, dialect, userId, { until, note, hideComments: hide_comments }, actorOf(c), now),
      );
      if (!result.ok) {
        if (result.reason === "user-not-found") throw new ApiError(404, "NOT_FOUND", M.userNotFound);
        throw new ApiError(409, "STAFF_NOT_BANNABLE", M.staffNotBanned);
      }
      const ban = await findCommentBan(database, userId);
      if (!ban) throw new Error(`the comment ban of ${userId} vanished after it was written`);
      return c.json({ ban, hidden: result.hidden }, 200);
    })
    .openapi(liftCommentBanRoute, async (c) => {
      const { userId } = c.req.valid("param");
      const lifted = await writeTransaction(database.db, dialect, (trx) => liftCommentBan(trx, userId, actorOf(c), serverClock.now()));
      if (!lifted) throw new ApiError(404, "NOT_BANNED", M.notBanned);
      return c.json({ lifted: true as const }, 200);
    });
}
