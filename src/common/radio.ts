/**
 * The community radio (issue 34, docs/decisions/0033): creators' tracks, the loudness every track
 * is played at, and every text the server and the browser share. Plain constants, without the
 * API's schemas, so the player's and the studio's chunks stay small (docs/decisions/0013).
 */

/** An upload's limits: 25 MB and 10 minutes. */
export const TRACK_MAX_BYTES = 25 * 1024 * 1024;
export const TRACK_MAX_MS = 10 * 60 * 1000;
/** What the file picker offers; the server judges the file by its content, never by this. */
export const TRACK_ACCEPT = "audio/mpeg,audio/ogg,audio/opus,.mp3,.ogg,.opus";

/** Every track plays at this integrated loudness (AzuraCast's default)... */
export const TARGET_LUFS = -16;
/** ...unless that would lift its true peak past this. */
export const PEAK_CEILING_DBTP = -1;
/** Points of the waveform the seek bar draws, each the bin's peak from 0 to 1. */
export const WAVEFORM_POINTS = 100;

/** The gain (dB) that brings a track to TARGET_LUFS without its true peak passing PEAK_CEILING_DBTP. */
export function playbackGainDb(loudnessLufs: number, truePeakDbtp: number): number {
  const gain = Math.min(TARGET_LUFS - loudnessLufs, PEAK_CEILING_DBTP - truePeakDbtp);
  return Math.round(gain * 100) / 100;
}

export const TRACK_TITLE_MAX = 100;
export const TRACK_DESCRIPTION_MAX = 1_000;
export const DECLINE_NOTE_MAX = 1_000;

/** A play, as Bandcamp counts it: complete at 90% or more, skipped under 10%, partial between. */
export const PLAY_COMPLETE = 0.9;
export const PLAY_SKIPPED = 0.1;
export const PLAY_OUTCOMES = ["complete", "partial", "skipped"] as const;
export type PlayOutcome = (typeof PLAY_OUTCOMES)[number];
export function playOutcome(listenedMs: number, durationMs: number): PlayOutcome {
  const share = durationMs > 0 ? listenedMs / durationMs : 0;
  return share >= PLAY_COMPLETE ? "complete" : share < PLAY_SKIPPED ? "skipped" : "partial";
}

/** pending: waiting for a curator; rotation: on the radio; declined (with a note); withdrawn by its creator. */
export const TRACK_STATUSES = ["pending", "rotation", "declined", "withdrawn"] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];
export const TRACK_STATUS_LABELS: Record<TrackStatus, string> = {
  pending: "Pending review",
  rotation: "In rotation",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

/** Why an upload is refused: what the person is told. */
export const TRACK_MESSAGES = {
  fileRequired: "Choose an MP3 or Ogg Opus file to upload",
  tooLarge: `Tracks can be at most ${TRACK_MAX_BYTES / 1024 / 1024} MB`,
  notAudio: "This file is not an MP3 or Ogg Opus track. Export your track as MP3 or Opus and try again.",
  tooLong: `Tracks can be at most ${TRACK_MAX_MS / 60_000} minutes long`,
  undecodable: "This file could not be played: it may be damaged or cut short. Export it again and try again.",
  silent: "This track is silent. Check the export and try again.",
  titleRequired: "Please give the track a title",
  titleTooLong: `Titles can be at most ${TRACK_TITLE_MAX} characters`,
  descriptionTooLong: `Descriptions can be at most ${TRACK_DESCRIPTION_MAX.toLocaleString("en-US")} characters`,
  notFound: "This track could not be found.",
  notYours: "You can only change your own tracks.",
  withdrawn: "This track was withdrawn. Upload it again to send it for review.",
  noteRequired: "Tell the creator why, so they can do something about it",
  noteTooLong: `Notes can be at most ${DECLINE_NOTE_MAX.toLocaleString("en-US")} characters`,
  notPending: "This track is no longer waiting for review.",
  notInRotation: "This track is not in rotation.",
  rotationMismatch: "The rotation changed while you were ordering it. Reload and try again.",
} as const;
