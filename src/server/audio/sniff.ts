/**
 * The upload's format, judged by its content with music-metadata, which reads headers only.
 *
 * The file is handed over as a Blob (fs.openAsBlob: read lazily, slice by slice) rather than by path:
 * music-metadata's parseFile picks its parser by the file name's extension, so a text file named
 * .mp3 would be read as MPEG; a Blob has neither name nor type, so the parser is chosen from the
 * first bytes (file-type) alone.
 */
import { openAsBlob } from "node:fs";
import type { AudioFormat } from "./audio-types.js";

/** MPEG audio layer III (MP3) or Opus in Ogg; undefined for anything else. */
export async function sniffAudioFormat(path: string): Promise<AudioFormat | undefined> {
  // A missing file is the caller's error, not the upload's: it throws.
  const blob = await openAsBlob(path);
  // Loaded with the first upload, not at start-up (docs/performance.md, "start-up").
  const { parseBlob } = await import("music-metadata");
  let format;
  try {
    // No scan of the file's end for ID3v1/APE tags, and cover art skipped: only the format matters.
    ({ format } = await parseBlob(blob, { duration: false, skipCovers: true, skipPostHeaders: true }));
  } catch {
    // Not a format music-metadata knows, or one it cannot read: either way not a track we take.
    return undefined;
  }
  if (format.container === "MPEG" && /^MPEG (1|2|2\.5) Layer 3$/.test(format.codec ?? "")) return "mp3";
  // Ogg carrying Vorbis, FLAC or Speex names that codec instead.
  if (format.container === "Ogg" && format.codec === "Opus") return "opus";
  return undefined;
}
