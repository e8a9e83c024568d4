/**
 * What curators do to the radio (issue 34, docs/decisions/0033): approve a submitted track into
 * rotation, decline one or take one out of rotation with a note, feature, and order the rotation.
 * Each runs in the caller's write transaction with its audit entry; a creator's track reviewed
 * writes its e-mail to the outbox in the same transaction (the creator's studio link).
 */
import type { Kysely } from "kysely";
import { boolValue, lockForUpdate, toBool, type DialectName } from "../../../db/dialect.js";
import type { Database } from "../../../db/types.js";
import { enqueueMail } from "../../../outbox/enqueue.js";
import { recordAudit, type AuditActor } from "../audit/audit.service.js";

type Trx = Kysely<Database>;
export type ReviewResult = "changed" | "not-found" | "wrong-state";

async function lockedTrack(trx: Trx, dialect: DialectName, id: string) {
  return lockForUpdate(dialect, trx.selectFrom("track").select(["id", "source", "creator_id", "title", "status", "featured", "position"]).where("id", "=", id)).executeTakeFirst();
}

async function lastPosition(trx: Trx): Promise<number> {
  const row = await trx.selectFrom("track").select((eb) => eb.fn.max("position").as("last")).where("status", "=", "rotation").executeTakeFirst();
  return Number(row?.last ?? 0);
}

async function tellCreator(trx: Trx, track: { id: string; creator_id: string | null; title: string }, approved: boolean, note: string | null, publicUrl: string, now: Date) {
  if (track.creator_id === null) return false;
  const creator = await trx
    .selectFrom("creator")
    .innerJoin("user", "user.id", "creator.user_id")
    .select(["user.id", "user.email", "creator.first_name"])
    .where("creator.id", "=", track.creator_id)
    .executeTakeFirst();
  if (!creator) return false;
  await enqueueMail(
    trx,
    {
      template: "track-reviewed",
      props: { name: creator.first_name, trackTitle: track.title, approved, note, url: `${publicUrl}/studio/tracks` },
      to: creator.email,
      userId: creator.id,
      dedupeKey: `track-reviewed:${track.id}:${now.getTime()}`,
    },
    now,
  );
  return true;
}

export async function approveTrack(trx: Trx, dialect: DialectName, id: string, actor: AuditActor, publicUrl: string, now: Date): Promise<ReviewResult> {
  const track = await lockedTrack(trx, dialect, id);
  if (!track) return "not-found";
  if (track.status !== "pending") return "wrong-state";
  const position = (await lastPosition(trx)) + 1;
  await trx.updateTable("track").set({ status: "rotation", position, decline_note: null, reviewed_by: actor.id === "cli" ? null : actor.id, reviewed_at: now.toISOString(), updated_at: now.toISOString() }).where("id", "=", id).execute();
  await recordAudit(trx, { actor, action: "track.approve", target: { kind: "track", id }, before: { status: track.status }, after: { status: "rotation", position } }, now);
  await tellCreator(trx, track, true, null, publicUrl, now);
  return "changed";
}

/** Declines a submitted track, or takes one out of rotation: either way its creator reads the note. */
export async function declineTrack(trx: Trx, dialect: DialectName, id: string, note: string, actor: AuditActor, publicUrl: string, now: Date): Promise<ReviewResult> {
  const track = await lockedTrack(trx, dialect, id);
  if (!track) return "not-found";
  if (track.status !== "pending" && track.status !== "rotation") return "wrong-state";
  await trx
    .updateTable("track")
    .set({ status: "declined", decline_note: note, position: null, featured: boolValue(dialect, false), reviewed_by: actor.id === "cli" ? null : actor.id, reviewed_at: now.toISOString(), updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
  await recordAudit(
    trx,
    { actor, action: track.status === "rotation" ? "track.take-out" : "track.decline", target: { kind: "track", id }, before: { status: track.status }, after: { status: "declined" }, note },
    now,
  );
  await tellCreator(trx, track, false, note, publicUrl, now);
  return "changed";
}

export async function featureTrack(trx: Trx, dialect: DialectName, id: string, featured: boolean, actor: AuditActor, now: Date): Promise<ReviewResult> {
  const track = await lockedTrack(trx, dialect, id);
  if (!track) return "not-found";
  if (track.status !== "rotation") return "wrong-state";
  if (toBool(track.featured) === featured) return "changed";
  await trx.updateTable("track").set({ featured: boolValue(dialect, featured), updated_at: now.toISOString() }).where("id", "=", id).execute();
  await recordAudit(trx, { actor, action: featured ? "track.feature" : "track.unfeature", target: { kind: "track", id }, before: { featured: !featured }, after: { featured } }, now);
  return "changed";
}

/** The rotation in a new order; refused unless `ids` are exactly the tracks in rotation now. */
export async function orderRotation(trx: Trx, dialect: DialectName, ids: readonly string[], actor: AuditActor, now: Date): Promise<boolean> {
  const current = await lockForUpdate(dialect, trx.selectFrom("track").select(["id", "position"]).where("status", "=", "rotation").orderBy("position")).execute();
  const given = new Set(ids);
  if (given.size !== ids.length || given.size !== current.length || current.some((t) => !given.has(t.id))) return false;
  for (const [i, id] of ids.entries()) await trx.updateTable("track").set({ position: i + 1 }).where("id", "=", id).execute();
  await recordAudit(trx, { actor, action: "radio.order", target: { kind: "radio", id: "rotation" }, before: { order: current.map((t) => t.id) }, after: { order: [...ids] } }, now);
  return true;
}
