/** A creator's own tracks (docs/decisions/0033): every query is scoped to the creator the studio found. */
import type { StudioTrack, TrackDetails } from "../../../../common/api/studio-tracks.js";
import type { Db } from "../../../db/client.js";
import { boolValue } from "../../../db/dialect.js";
import { toStudioTrack, trackColumns } from "../../radio/tracks.queries.js";

export async function listOwnTracks(database: Db, creatorId: string): Promise<StudioTrack[]> {
  const rows = await trackColumns(database.db).where("t.creator_id", "=", creatorId).orderBy("t.created_at", "desc").orderBy("t.id", "desc").execute();
  return Promise.all(rows.map(toStudioTrack));
}

export async function findOwnTrack(database: Db, creatorId: string, id: string): Promise<StudioTrack | undefined> {
  const row = await trackColumns(database.db).where("t.creator_id", "=", creatorId).where("t.id", "=", id).executeTakeFirst();
  return row && toStudioTrack(row);
}

export async function updateOwnTrack(database: Db, creatorId: string, id: string, details: TrackDetails, now: Date): Promise<boolean> {
  const result = await database.db
    .updateTable("track")
    .set({ title: details.title, description: details.description, cover_media_id: details.cover_media_id, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("creator_id", "=", creatorId)
    .where("status", "!=", "withdrawn")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Out of the queue or the rotation for good; its audio stays for its creator to hear. */
export async function withdrawOwnTrack(database: Db, creatorId: string, id: string, now: Date): Promise<boolean> {
  const result = await database.db
    .updateTable("track")
    .set({ status: "withdrawn", position: null, featured: boolValue(database.dialect, false), updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("creator_id", "=", creatorId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
