import { createRouter } from "../../lib/router.js";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Track } from "../../../common/api/radio.js";
import { MEDIA_DIR } from "../../lib/static.js";
import { listTracksRoute } from "./radio.routes.js";
import { AUDIO_DIR, TRACKS, trackPath } from "./radio.tracks.js";

/**
 * /media is served with a year-long immutable cache, so each URL carries a digest of its file:
 * regenerated audio gets a new URL. A missing file keeps the bare URL (the player reports it and
 * skips the track).
 */
async function versionedUrl(id: string, mediaDir: string): Promise<string> {
  const path = trackPath(id);
  try {
    const bytes = await readFile(join(mediaDir, AUDIO_DIR, `${id}.mp3`));
    return `${path}?v=${createHash("sha256").update(bytes).digest("hex").slice(0, 10)}`;
  } catch {
    return path;
  }
}

export async function listTracks(mediaDir = MEDIA_DIR): Promise<Track[]> {
  return Promise.all(
    TRACKS.map(async (t) => ({ id: t.id, title: t.title, artist: t.artist, url: await versionedUrl(t.id, mediaDir), description: t.description })),
  );
}

export function radioRouter() {
  // Read once, on the first request: the files change only with a new release.
  let tracks: Promise<Track[]> | undefined;

  return createRouter()
    .openapi(listTracksRoute, async (c) => {
      tracks ??= listTracks();
      return c.json({ tracks: await tracks }, 200);
    });
}
