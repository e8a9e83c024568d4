/**
 * Comments on stories (issue 33, docs/decisions/0032): limits, the sorts, and every text the
 * server and the browser share. Plain constants, without the API's schemas, so the story page's
 * chunk stays small (docs/decisions/0013).
 */
export const COMMENT_MAX = 2_000;
/** Top-level comments per page, and the replies shown under each before 'More replies'. */
export const COMMENT_PAGE = 20;
export const REPLIES_SHOWN = 3;
export const REPLY_PAGE = 20;

export const COMMENT_SORTS = ["oldest", "newest", "liked"] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];
export const COMMENT_SORT_LABELS: Record<CommentSort, string> = { oldest: "Oldest first", newest: "Newest first", liked: "Most liked" };

/** Per member: a burst (per minute) and an hour (issue 33); answered 429 with Retry-After. */
export const COMMENT_BURST = { limit: 5, windowSeconds: 60 } as const;
export const COMMENT_HOURLY = { limit: 30, windowSeconds: 3_600 } as const;
/** An account younger than a day may post at most this many links in one comment. */
export const NEW_ACCOUNT_LINKS = 2;
export const NEW_ACCOUNT_MS = 86_400_000;
/** Reports from this many different members hide a comment until a curator decides (Discourse). */
export const AUTO_HIDE_REPORTS = 3;

/** What a removed comment with replies leaves in its place, and a deleted account's name. */
export const COMMENT_DELETED = "Comment deleted";
export const COMMENT_HIDDEN = "Comment hidden";
export const DELETED_ACCOUNT = "Deleted account";

export const COMMENT_MESSAGES = {
  bodyRequired: "Write something first",
  tooLong: `Comments can be at most ${COMMENT_MAX.toLocaleString("en-US")} characters`,
  textInvalid: "Please remove the control characters",
  tooManyLinks: `New accounts can post at most ${NEW_ACCOUNT_LINKS} links in a comment. Try again tomorrow.`,
  repeated: "You just posted that. Write something new.",
  rateLimited: "You are commenting very fast. Please wait a moment and try again.",
  closed: "Comments are turned off for this story.",
  storyNotFound: "This story could not be found. It may have been removed.",
  notFound: "This comment could not be found. It may have been removed.",
  notYours: "You can only change your own comments.",
  banned: (until: string | null) =>
    until ? `You cannot comment until ${until}. A curator made this decision.` : "You cannot comment any more. A curator made this decision.",
  deletedParent: "The comment you answered was deleted.",
  staffHidden: "A curator is looking at this comment: it stays hidden until they decide.",
  posted: "Your comment is posted.",
  failed: "We could not post your comment just now. Please try again.",
} as const;

/** The links in a comment's text (http and https only; anything else stays text). */
export function commentLinks(text: string): string[] {
  return text.match(/\bhttps?:\/\/[^\s<>"')\]]+/gi) ?? [];
}
