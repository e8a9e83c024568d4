/**
 * Plays of the radio's tracks (docs/decisions/0033): the player says how long a track was heard;
 * the server decides what kind of play it was against the duration it measured (playOutcome:
 * complete at 90%, skipped under 10%, as Bandcamp counts), so a client cannot count a skip as a
 * listen. Only tracks on the radio count. A member's plays are also their 'Recently played'.
 */
import { randomUUID } from "node:crypto";
import type { Track } from "../../../common/api/radio.js";
import { playOutcome, type PlayOutcome } from "../../../common/radio.js";
import type { Db } from "../../db/client.js";
import { toIso } from "../../db/dialect.js";
import { measures, onTheRadio, toListenerTrack } from "./tracks.queries.js";

/** Tracks a member's 'Recently played' shows. */
export const RECENT_PLAYS = 20;

export async function countPlay(database: Db, trackId: string, userId: string | null, listenedMs: number, now: Date): Promise<PlayOutcome | undefined> {
  const track = await onTheRadio(database.db, database.dialect).where("t.id", "=", trackId).executeTakeFirst();
  if (!track) return undefined;
  const measured = measures(track).duration_ms;
  // Without a measured duration (a house track not yet measured) nothing can say how much was heard.
  const outcome = playOutcome(Math.min(listenedMs, measured ?? listenedMs), measured ?? 0);
  await database.db
    .insertInto("track_play")
    .values({ id: randomUUID(), track_id: trackId, user_id: userId, outcome, listened_ms: listenedMs, created_at: now.toISOString() })
    .execute();
  return outcome;
}

/** The member's last RECENT_PLAYS tracks still on the radio, newest first, each once. */
export async function recentPlays(database: Db, userId: string): Promise<Array<{ track: Track; played_at: string }>> {
  const last = database.db
    .selectFrom("track_play")
    .select(["track_id"])
    .select((eb) => eb.fn.max("created_at").as("played_at"))
    .where("user_id", "=", userId)
    .groupBy("track_id")
    .as("last");
  const rows = await onTheRadio(database.db, database.dialect)
    .innerJoin(last, "last.track_id", "t.id")
    .select("last.played_at")
    .orderBy("last.played_at", "desc")
    .limit(RECENT_PLAYS)
    .execute();
  return Promise.all(rows.map(async (row) => ({ track: await toListenerTrack(row), played_at: toIso(row.played_at as string | Date)! })));
}
