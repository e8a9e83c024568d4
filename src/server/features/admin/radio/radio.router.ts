/**
 * The back office's Radio area (issue 34, docs/decisions/0033), for curators: the review queue
 * with a player, approving, declining with a note, featuring, ordering and taking tracks out of
 * rotation. Every write is one transaction with its audit entry (and the creator's e-mail).
 */
import type { Context } from "hono";
import type { AdminRadio } from "../../../../common/api/admin-radio.js";
import { TRACK_MESSAGES as M } from "../../../../common/radio.js";
import type { AppDeps } from "../../../app-deps.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";
import type { Db } from "../../../db/client.js";
import { writeTransaction } from "../../../db/dialect.js";
import { ApiError } from "../../../lib/api-error.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import { inRotationOrder, toAdminTrack, trackColumns } from "../../radio/tracks.queries.js";
import { approveTrackRoute, declineTrackRoute, featureTrackRoute, getAdminRadioRoute, orderRotationRoute } from "./radio.routes.js";
import { approveTrack, declineTrack, featureTrack, orderRotation, type ReviewResult } from "./review.service.js";

async function adminRadio(database: Db): Promise<AdminRadio> {
  const columns = trackColumns(database.db);
  const [queue, rotation] = await Promise.all([
    columns.where("t.status", "=", "pending").orderBy("t.created_at").orderBy("t.id").execute(),
    inRotationOrder(columns.where("t.status", "=", "rotation")).execute(),
  ]);
  return { queue: await Promise.all(queue.map(toAdminTrack)), rotation: await Promise.all(rotation.map(toAdminTrack)) };
}

export function adminRadioRouter(deps: AppDeps) {
  const { database } = deps;
  const { dialect } = database;
  const actorOf = (c: Context) => {
    const staff = staffOf(c);
    return { id: staff.userId, email: staff.email };
  };
  async function after(result: ReviewResult, id: string, wrongState: string) {
    if (result === "not-found") throw new ApiError(404, "NOT_FOUND", M.notFound);
    if (result === "wrong-state") throw new ApiError(409, "TRACK_STATE", wrongState);
    const row = await trackColumns(database.db).where("t.id", "=", id).executeTakeFirst();
    if (!row) throw new ApiError(404, "NOT_FOUND", M.notFound);
    return toAdminTrack(row);
  }

  const router = createRouter();
  router.use("/api/admin/radio", staffOnly(deps, "radio"));
  router.use("/api/admin/radio/*", staffOnly(deps, "radio"));
  return router
    .openapi(getAdminRadioRoute, async (c) => c.json(await adminRadio(database), 200))
    .openapi(approveTrackRoute, async (c) => {
      const { trackId } = c.req.valid("param");
      const now = serverClock.now();
      const result = await writeTransaction(database.db, dialect, (trx) => approveTrack(trx, dialect, trackId, actorOf(c), deps.config.publicUrl, now));
      const track = await after(result, trackId, M.notPending);
      deps.outbox.wake();
      return c.json(track, 200);
    })
    .openapi(declineTrackRoute, async (c) => {
      const { trackId } = c.req.valid("param");
      const { note } = c.req.valid("json");
      const now = serverClock.now();
      const result = await writeTransaction(database.db, dialect, (trx) => declineTrack(trx, dialect, trackId, note, actorOf(c), deps.config.publicUrl, now));
      const track = await after(result, trackId, M.notPending);
      deps.outbox.wake();
      return c.json(track, 200);
    })
    .openapi(featureTrackRoute, async (c) => {
      const { trackId } = c.req.valid("param");
      const { featured } = c.req.valid("json");
      const result = await writeTransaction(database.db, dialect, (trx) => featureTrack(trx, dialect, trackId, featured, actorOf(c), serverClock.now()));
      return c.json(await after(result, trackId, M.notInRotation), 200);
    })
    .openapi(orderRotationRoute, async (c) => {
      const { ids } = c.req.valid("json");
      const ordered = await writeTransaction(database.db, dialect, (trx) => orderRotation(trx, dialect, ids, actorOf(c), serverClock.now()));
      if (!ordered) throw new ApiError(409, "ROTATION_CHANGED", M.rotationMismatch);
      return c.json(await adminRadio(database), 200);
    });
}
