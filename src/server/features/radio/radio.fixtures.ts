/** Tracks written behind the API's back, for tests that need them in a given state (docs/decisions/0033). */
import { createHash, randomUUID } from "node:crypto";
import type { TrackStatus } from "../../../common/radio.js";
import { WAVEFORM_POINTS } from "../../../common/radio.js";
import { boolValue } from "../../db/dialect.js";
import { audioKey } from "../../media/store.js";
import type { TestApp } from "../../test/harness.js";

export interface TrackOverrides {
  creatorId: string;
  status?: TrackStatus;
  title?: string;
  featured?: boolean;
  position?: number | null;
  /** The audio's bytes, put in the app's media store under their hash (default: a few distinct bytes). */
  audio?: Uint8Array;
  gainDb?: number;
  durationMs?: number;
}

export async function insertTrack(t: TestApp, o: TrackOverrides): Promise<{ id: string; audioKey: string; url: string }> {
  const id = `trk_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const audio = o.audio ?? new TextEncoder().encode(`audio of ${id}`);
  const key = audioKey(createHash("sha256").update(audio).digest("hex"), "mp3");
  await t.media.put(key, audio, "audio/mpeg");
  const at = new Date().toISOString();
  await t.database.db
    .insertInto("track")
    .values({
      id,
      source: "upload",
      creator_id: o.creatorId,
      title: o.title ?? `Track ${id.slice(-6)}`,
      description: "A track for the tests.",
      audio_key: key,
      audio_type: "audio/mpeg",
      audio_bytes: audio.byteLength,
      duration_ms: o.durationMs ?? 200_000,
      loudness_lufs: -20,
      true_peak_dbtp: -6,
      gain_db: o.gainDb ?? 4,
      waveform: JSON.stringify(Array.from({ length: WAVEFORM_POINTS }, (_, i) => (i % 10) / 10)),
      status: o.status ?? "pending",
      featured: boolValue(t.database.dialect, o.featured ?? false),
      position: o.position ?? (o.status === "rotation" ? 100 : null),
      created_at: at,
      updated_at: at,
    })
    .execute();
  await t.responseCache.invalidate(["radio"]);
  return { id, audioKey: key, url: `/media/${key}` };
}
