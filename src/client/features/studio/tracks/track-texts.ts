/** The texts of the studio's Tracks (issue 34); the refusals are the server's own (common/radio.ts TRACK_MESSAGES). */
import type { TrackStatus } from "../../../../common/radio";

export const UPLOAD_TEXT = {
  heading: "Send a track to the radio",
  loading: "Loading the upload form…",
  intro: "A curator listens to every track before it goes on MAYBE Radio. Every track plays at the same loudness, so there is no need to master it loud.",
  file: "Audio file",
  fileHint: "MP3 or Ogg Opus, up to 25 MB and 10 minutes.",
  title: "Title",
  description: "Description",
  descriptionHint: "A line or two for listeners: what it is, where it was made.",
  cover: "Cover image",
  coverHint: "JPEG, PNG, WebP, AVIF or GIF, up to 10 MB. Shown with the track on the radio.",
  optional: "(optional)",
  submit: "Send for review",
  sending: (percent: number) => `Uploading… ${percent}%`,
  measuring: "Measuring loudness…",
  cancel: "Cancel upload",
  cancelled: "Upload cancelled. Nothing was sent for review.",
  sent: (title: string) => `“${title}” was sent for review. It shows below as Pending review until a curator has listened to it.`,
} as const;

export const LIST_TEXT = {
  heading: "Your tracks",
  loading: "Loading your tracks…",
  loadFailed: "Your tracks could not be loaded. Check your connection and try again.",
  empty: "No tracks yet. Send your first one above: once a curator approves it, it plays on MAYBE Radio.",
  sent: (when: string) => `Sent ${when}`,
  note: "The curator's note",
  edit: "Edit details",
  withdraw: "Withdraw",
  withdrawTitle: "Withdraw this track?",
  withdrawBody: (title: string, status: TrackStatus) =>
    `“${title}” ${status === "rotation" ? "leaves the radio" : "leaves the review queue"} for good. To send it again, upload it again.`,
  withdrawConfirm: "Withdraw track",
  withdrawing: "Withdrawing…",
  withdrawFailed: "The track could not be withdrawn. Check your connection and try again.",
  withdrawn: (title: string) => `“${title}” was withdrawn.`,
  saved: (title: string) => `The details of “${title}” are saved.`,
} as const;

export const EDIT_TEXT = {
  title: "Edit track details",
  save: "Save details",
  saving: "Saving…",
  cancel: "Cancel",
} as const;
