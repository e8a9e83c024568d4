/**
 * A track's audio from the media store (tracks/{hash}.{mp3|ogg}), for the player: GET and HEAD,
 * one byte range at a time so <audio> can seek (206, 416 past the end), the same answers
 * lib/static.ts gives the house's tracks. Who may hear the track, and so `cacheControl` (a year
 * and immutable on the radio, `private, no-store` for its creator and staff before), is the
 * caller's to decide (features/radio); this only serves.
 */
import type { Context } from "hono";
import { serveStoredObject } from "./serve.js";
import { isAudioKey, type MediaStore } from "./store.js";

export async function serveStoredAudio(c: Context, store: MediaStore, key: string, cacheControl: string): Promise<Response> {
  // The caller has checked the key; a store would throw on another shape, so it is a 404 here.
  if (!isAudioKey(key)) return c.text("Not found", 404);
  return serveStoredObject(c, store, key, cacheControl);
}
