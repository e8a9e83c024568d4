/**
 * Tracks as every answer shows them, read once here (docs/decisions/0033): the listener's rotation,
 * a creator's own tracks in the studio and the back office's queue and rotation all start from
 * trackBase() (the studio and the back office through trackColumns(), which adds the plays) and
 * shape a row with one of the to…() functions below.
 *
 * What the radio plays: tracks in rotation, the house's and those of creators the public may see
 * (a suspended or hidden creator's tracks go quiet with their profile), in inRotationOrder().
 */
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { AdminTrack } from "../../../common/api/admin-radio.js";
import type { Track } from "../../../common/api/radio.js";
import type { PlayCounts, StudioTrack } from "../../../common/api/studio-tracks.js";
import { playbackGainDb } from "../../../common/radio.js";
import type { Db } from "../../db/client.js";
import { toBool, toIso, type DialectName } from "../../db/dialect.js";
import type { Database } from "../../db/types.js";
import { onTheRadioTrack, publicCreator } from "../../db/visibility.js";
import { COVER_COLUMNS, coverOf } from "../../media/image-view.js";
import { HOUSE_MEASURES } from "./house-measures.js";
import { houseTrackUrl } from "./radio.tracks.js";

/** Where an uploaded track's audio is served (media-audio.ts decides who may hear it). */
export const TRACK_AUDIO_PREFIX = "/media/";
export const uploadedTrackUrl = (audioKey: string) => `${TRACK_AUDIO_PREFIX}${audioKey}`;

/** What every answer shows of a track: the listener's, the studio's and the back office's. */
function trackBase(db: Kysely<Database>) {
  return db
    .selectFrom("track as t")
    .leftJoin("creator as cr", "cr.id", "t.creator_id")
    .leftJoin("media as cover", "cover.id", "t.cover_media_id")
    .select([
      "t.id",
      "t.source",
      "t.creator_id",
      "t.title",
      "t.artist",
      "t.description",
      "t.audio_key",
      "t.audio_type",
      "t.audio_bytes",
      "t.duration_ms",
      "t.loudness_lufs",
      "t.true_peak_dbtp",
      "t.gain_db",
      "t.waveform",
      "t.status",
      "t.decline_note",
      "t.featured",
      "t.position",
      "t.created_at",
      "t.updated_at",
      "t.reviewed_at",
      "cr.first_name as creator_first_name",
      "cr.last_name as creator_last_name",
      ...COVER_COLUMNS,
    ]);
}

/** trackBase() and the track's plays by kind: what the studio and the back office show (the listener's reads do not count them). */
export function trackColumns(db: Kysely<Database>) {
  return trackBase(db).select(() => [
      sql<number>`(select count(*) from track_play p where p.track_id = t.id and p.outcome = 'complete')`.as("plays_complete"),
      sql<number>`(select count(*) from track_play p where p.track_id = t.id and p.outcome = 'partial')`.as("plays_partial"),
      sql<number>`(select count(*) from track_play p where p.track_id = t.id and p.outcome = 'skipped')`.as("plays_skipped"),
    ]);
}

export type TrackRow = Awaited<ReturnType<ReturnType<typeof trackBase>["executeTakeFirstOrThrow"]>>;
type CountedTrackRow = Awaited<ReturnType<ReturnType<typeof trackColumns>["executeTakeFirstOrThrow"]>>;

/** A track the public may hear: in rotation, and the house's or a creator's the public may see. */
export function onTheRadio(db: Kysely<Database>, dialect: DialectName) {
  return trackBase(db).where(onTheRadioTrack(dialect, "t"));
}

/** The rotation's order: featured first, then the curators' order, then the oldest. */
export function inRotationOrder<QB extends SelectQueryBuilder<Database & { t: Database["track"] }, "t", unknown>>(query: QB): QB {
  return query.orderBy("t.featured", "desc").orderBy(sql`coalesce(t.position, 2147483647)`).orderBy("t.created_at") as QB;
}

const creatorName = (row: TrackRow) => `${row.creator_first_name ?? ""} ${row.creator_last_name ?? ""}`.trim();

/** What the player needs to know of the file: measured on upload, or the house's measures (radio.tracks.ts). */
export function measures(row: Pick<TrackRow, "source" | "audio_key" | "duration_ms" | "loudness_lufs" | "true_peak_dbtp" | "gain_db" | "waveform">) {
  const house = row.source === "house" ? HOUSE_MEASURES[row.audio_key] : undefined;
  const loudness = row.loudness_lufs ?? house?.loudness_lufs ?? null;
  const peak = row.true_peak_dbtp ?? house?.true_peak_dbtp ?? null;
  return {
    duration_ms: row.duration_ms ?? house?.duration_ms ?? null,
    loudness_lufs: loudness === null ? null : Number(loudness),
    true_peak_dbtp: peak === null ? null : Number(peak),
    gain_db: row.gain_db !== null ? Number(row.gain_db) : loudness !== null && peak !== null ? playbackGainDb(Number(loudness), Number(peak)) : 0,
    waveform: row.waveform !== null ? (JSON.parse(row.waveform) as number[]) : (house?.waveform ?? null),
  };
}

export async function audioUrlOf(row: Pick<TrackRow, "source" | "audio_key">): Promise<string> {
  return row.source === "house" ? houseTrackUrl(row.audio_key) : uploadedTrackUrl(row.audio_key);
}

const playsOf = (row: CountedTrackRow): PlayCounts => ({ complete: Number(row.plays_complete), partial: Number(row.plays_partial), skipped: Number(row.plays_skipped) });

export async function toListenerTrack(row: TrackRow): Promise<Track> {
  const m = measures(row);
  const creator = row.creator_id !== null ? { id: row.creator_id, name: creatorName(row) } : null;
  return {
    id: row.id,
    title: row.title,
    artist: row.artist ?? creator?.name ?? "",
    url: await audioUrlOf(row),
    description: row.description,
    creator,
    duration_ms: m.duration_ms,
    gain_db: m.gain_db,
    waveform: m.waveform,
    featured: toBool(row.featured),
  };
}

export async function toStudioTrack(row: CountedTrackRow): Promise<StudioTrack> {
  const m = measures(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cover: coverOf(row),
    status: row.status,
    decline_note: row.decline_note,
    audio_url: await audioUrlOf(row),
    content_type: row.audio_type,
    bytes: Number(row.audio_bytes),
    duration_ms: m.duration_ms ?? 0,
    loudness_lufs: m.loudness_lufs ?? 0,
    true_peak_dbtp: m.true_peak_dbtp ?? 0,
    gain_db: m.gain_db,
    waveform: m.waveform ?? [],
    plays: playsOf(row),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export async function toAdminTrack(row: CountedTrackRow): Promise<AdminTrack> {
  const m = measures(row);
  const creator = row.creator_id !== null ? { id: row.creator_id, name: creatorName(row) } : null;
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    artist: row.artist ?? creator?.name ?? "",
    description: row.description,
    creator,
    cover: coverOf(row),
    status: row.status,
    decline_note: row.decline_note,
    audio_url: await audioUrlOf(row),
    ...m,
    featured: toBool(row.featured),
    position: row.position === null ? null : Number(row.position),
    plays: playsOf(row),
    created_at: toIso(row.created_at)!,
    reviewed_at: toIso(row.reviewed_at),
  };
}

/** The radio's rotation, as listeners hear it. */
export async function listRotation(database: Db): Promise<Track[]> {
  const rows = await inRotationOrder(onTheRadio(database.db, database.dialect)).execute();
  return Promise.all(rows.map(toListenerTrack));
}

/** A track by the key its audio is stored under: who owns it and whether the public may hear it. */
export async function trackOfAudio(database: Db, audioKey: string) {
  return database.db
    .selectFrom("track as t")
    .leftJoin("creator as cr", "cr.id", "t.creator_id")
    .select(["t.id", "t.status", "t.creator_id", "t.audio_key"])
    .select(() => [sql<boolean>`${publicCreator(database.dialect, "cr")}`.as("creator_public")])
    .where("t.audio_key", "=", audioKey)
    .where("t.source", "=", "upload")
    .orderBy("t.created_at", "desc")
    .execute();
}
