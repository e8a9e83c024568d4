/**
 * The studio's tracks for the radio (/api/studio/tracks; issue 34, docs/decisions/0033), keyed
 * under the signed-in creator (lib/query-client.ts), so signing out drops them. The upload goes by
 * XMLHttpRequest rather than fetch: only it reports the upload's progress, and a track can be
 * 25 MB. Its failures become the same ApiError as every other call's (lib/api.ts).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ErrorCode } from "../../../../common/errors";
import type { StudioTrack, StudioTrackList, TrackDetailsInput } from "../../../../common/api/studio-tracks";
import { api, ApiError } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

export type { StudioTrack };

const BASE = "/api/studio/tracks";
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const studioTracksKey = (uid: string) => userKey(uid, "studio", "tracks");

export function studioTracksQueryOptions(uid: string) {
  return queryOptions({
    queryKey: studioTracksKey(uid),
    queryFn: ({ signal }) => api<StudioTrackList>(BASE, { signal }),
  });
}

export function useStudioTracks(uid: string) {
  return useQuery(studioTracksQueryOptions(uid));
}

/** A track the server answered, in place in the list (newest first), and the list asked for again. */
function trackChanged(queryClient: QueryClient, uid: string, track: StudioTrack) {
  queryClient.setQueryData<StudioTrackList>(studioTracksKey(uid), (list) => {
    if (!list) return list;
    const known = list.items.some((t) => t.id === track.id);
    return { items: known ? list.items.map((t) => (t.id === track.id ? track : t)) : [track, ...list.items] };
  });
  void queryClient.invalidateQueries({ queryKey: studioTracksKey(uid) });
}

/** Where an upload is: sending its bytes (`sent` of `total`), then waiting while the server measures it. */
export type UploadProgress = { phase: "sending"; sent: number; total: number } | { phase: "measuring" };

export interface TrackUpload {
  file: File;
  title: string;
  description: string;
  coverMediaId: string | null;
}

const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

/** The API's error body, as lib/api.ts reads it; an answer without one (a proxy's page) is UNKNOWN. */
function errorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
    const error = body.error;
    if (error && typeof error.code === "string") {
      return new ApiError({
        status,
        code: error.code as ErrorCode,
        message: typeof error.message === "string" ? error.message : "",
        fields: error.fields && typeof error.fields === "object" ? (error.fields as Record<string, string>) : undefined,
      });
    }
  } catch {
    // Not JSON: said below.
  }
  return new ApiError({ status, code: "UNKNOWN", message: `Request failed (${status}).` });
}

/**
 * POST /api/studio/tracks as multipart/form-data (`file`, `title`, `description`, `cover_media_id`):
 * 201 with the track, waiting for review. `onProgress` hears the bytes sent, then `measuring` once
 * they are all sent (the server decodes the audio and measures its loudness before it answers).
 * `signal` aborts it (an AbortError, as fetch's).
 */
export function uploadTrack(upload: TrackUpload, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<StudioTrack> {
  const form = new FormData();
  // The details first: the server reads them before the file's bytes arrive.
  form.append("title", upload.title);
  form.append("description", upload.description);
  if (upload.coverMediaId) form.append("cover_media_id", upload.coverMediaId);
  form.append("file", upload.file);
  return new Promise<StudioTrack>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", BASE);
    xhr.setRequestHeader("accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: "sending", sent: event.loaded, total: event.total });
    };
    xhr.upload.onload = () => onProgress({ phase: "measuring" });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as StudioTrack);
        } catch {
          reject(new ApiError({ status: xhr.status, code: "UNKNOWN", message: "The answer could not be read." }));
        }
      } else reject(errorOf(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: "NETWORK_ERROR", message: NETWORK_MESSAGE }));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    if (signal?.aborted) return reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    onProgress({ phase: "sending", sent: 0, total: upload.file.size });
    xhr.send(form);
  });
}

export function useUploadTrack(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, onProgress, signal }: { upload: TrackUpload; onProgress: (progress: UploadProgress) => void; signal?: AbortSignal }) =>
      uploadTrack(upload, onProgress, signal),
    onSuccess: (track) => trackChanged(queryClient, uid, track),
  });
}

/** PATCH: the details only; the audio stays. 409 TRACK_WITHDRAWN for a withdrawn track. */
export function useUpdateTrack(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id: string; details: TrackDetailsInput }) => api<StudioTrack>(one(id), { method: "PATCH", body: details }),
    onSuccess: (track) => trackChanged(queryClient, uid, track),
  });
}

/** Out of the queue or the rotation for good. */
export function useWithdrawTrack(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<StudioTrack>(`${one(id)}/withdraw`, { method: "POST" }),
    onSuccess: (track) => trackChanged(queryClient, uid, track),
  });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
