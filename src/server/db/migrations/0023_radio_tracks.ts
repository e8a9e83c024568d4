/**
 * The community radio (issue 34, docs/decisions/0033). Frozen once landed.
 * - `track`: every track the radio can play. The house's four (`source` 'house', `audio_key` the
 *   file's name under media/audio, `artist` the house's name for it) are written here, in rotation;
 *   a creator's upload (`source` 'upload', `creator_id`, `audio_key` its key in the media store) is
 *   'pending' until a curator puts it in 'rotation' or 'declined' it (with `decline_note`); its
 *   creator may have 'withdrawn' it. Loudness, true peak, the playback gain, the duration and a
 *   100-point waveform (JSON) are measured once, on upload. `position` orders the rotation;
 *   `featured` tracks are named first.
 * - `track_play`: one listen, as Bandcamp counts them (complete, partial, skipped), with who
 *   listened when they were signed in ('Recently played'; null for a visitor or a deleted account).
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

const HOUSE = [
  ["paper-lanterns", "Paper Lanterns", "Juniper Fog", "Late-night lo-fi: dusty electric piano over a lazy, swung beat, for reading and slow scrolling."],
  ["night-bus-home", "Night Bus Home", "Vela Static", "Synthwave for the last ride across town: pulsing bass, glassy arpeggios and a big gated snare."],
  ["garage-parade", "Garage Parade", "The Second Liners", "Four-on-the-floor house with a brass-band strut: offbeat hats, funky bass and a horn riff that will not quit."],
  ["slow-tide", "Slow Tide", "Harbor Lights", "Dream-pop drift: warm pads, soft brushes and a bell melody that comes and goes like the water."],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema
    .createTable("track")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('house', 'upload')`))
    .addColumn("creator_id", "text", (c) => c.references("creator.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("artist", "text")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover_media_id", "text", (c) => c.references("media.id").onDelete("set null"))
    .addColumn("audio_key", "text", (c) => c.notNull())
    .addColumn("audio_type", "text", (c) => c.notNull())
    .addColumn("audio_bytes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("duration_ms", "integer")
    .addColumn("loudness_lufs", "real")
    .addColumn("true_peak_dbtp", "real")
    .addColumn("gain_db", "real")
    .addColumn("waveform", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'rotation', 'declined', 'withdrawn')`))
    .addColumn("decline_note", "text")
    .addColumn("reviewed_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("reviewed_at", ts)
    .addColumn("featured", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("position", "integer")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  // The rotation in order, the review queue oldest first, a creator's own tracks.
  await db.schema.createIndex("track_status_idx").on("track").columns(["status", "position", "created_at"]).execute();
  await db.schema.createIndex("track_creator_idx").on("track").columns(["creator_id", "created_at"]).execute();
  await db.schema.createIndex("track_audio_idx").on("track").column("audio_key").execute();

  await db.schema
    .createTable("track_play")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("track_id", "text", (c) => c.notNull().references("track.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("outcome", "text", (c) => c.notNull().check(sql`outcome in ('complete', 'partial', 'skipped')`))
    .addColumn("listened_ms", "integer", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("track_play_track_idx").on("track_play").columns(["track_id", "created_at"]).execute();
  await db.schema.createIndex("track_play_user_idx").on("track_play").columns(["user_id", "created_at"]).execute();

  const at = "2026-11-29T00:00:00.000Z";
  await db
    .insertInto("track")
    .values(
      HOUSE.map(([id, title, artist, description], i) => ({
        id,
        source: "house",
        title,
        artist,
        description,
        audio_key: id,
        audio_type: "audio/mpeg",
        status: "rotation",
        position: i + 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("track_play").execute();
  await db.schema.dropTable("track").execute();
}
