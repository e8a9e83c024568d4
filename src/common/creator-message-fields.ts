/**
 * A creator's message to their followers (issue 32, docs/decisions/0030): its limits and the
 * messages the studio and the server share, without zod, so the studio's section shows them
 * without loading the schema (api/studio-messages.ts builds it from these).
 */

/** The longest message, in characters, counted after trimming (a short note, not a newsletter). */
export const CREATOR_MESSAGE_MAX = 2000;

/** A creator may write to their followers once in this many days, counted from the last message. */
export const CREATOR_MESSAGE_INTERVAL_DAYS = 7;
export const CREATOR_MESSAGE_INTERVAL_MS = CREATOR_MESSAGE_INTERVAL_DAYS * 86_400_000;

/** The text as it is stored and counted: line breaks as `\n`, no blank space around it. */
export function normalizeCreatorMessage(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}

const UTC_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const UTC_TIME = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "UTC" });

export const CREATOR_MESSAGE_TEXT = {
  required: "Write your message first",
  tooLong: `Your message must be at most ${CREATOR_MESSAGE_MAX.toLocaleString("en-US")} characters`,
  textInvalid: "Please remove the control characters",
  /** 429: the last message is less than a week old. The server's words name the moment in UTC. */
  tooSoon: (next: Date) =>
    `You can write to your followers once a week. Your next message can go on ${UTC_DATE.format(next)} at ${UTC_TIME.format(next)} UTC.`,
  /** 403: the curators have taken the profile off the site (docs/decisions/0019). */
  suspended: "Your creator profile is suspended, so you cannot write to your followers for now.",
  hidden: "Your creator profile is hidden from the site, so you cannot write to your followers for now.",
} as const;
