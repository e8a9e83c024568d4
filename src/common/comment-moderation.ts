/**
 * Moderating comments (issue 33, docs/decisions/0032): the back office's filters, who may hide a
 * comment, the limits of a ban, and the texts the server's answers and the back office's screens
 * share. Plain constants, without the API's schemas (api/admin-comments.ts), so the back office's
 * chunk stays within its budget (docs/decisions/0013).
 */
/** reported: with an open report; hidden: hidden from the public by anyone; all: every comment. */
export const ADMIN_COMMENT_STATES = ["reported", "hidden", "all"] as const;
export type AdminCommentState = (typeof ADMIN_COMMENT_STATES)[number];

/** Who hid a comment: its story's author, a curator, or the reports of AUTO_HIDE_REPORTS members. */
export const COMMENT_HIDERS = ["author", "staff", "reports"] as const;
export type CommentHider = (typeof COMMENT_HIDERS)[number];

export const BAN_DAYS_MAX = 365;
export const BAN_NOTE_MAX = 500;

export const COMMENT_MODERATION_MESSAGES = {
  commentNotFound: "There is no comment with this id.",
  /** 409 from hide or unhide of a comment its writer deleted. */
  commentDeleted: "Its writer deleted this comment: there is nothing to hide or show.",
  userNotFound: "There is no member with this id.",
  /** 403 from a ban of a curator or admin. */
  staffNotBanned: "Curators and admins cannot be banned from commenting. An admin can change their role first.",
  /** 404 from lifting a ban that is not there. */
  notBanned: "This member is not banned from commenting.",
  daysInvalid: `days must be a whole number from 1 to ${BAN_DAYS_MAX}, or null for a ban for good`,
  noteTooLong: `Please keep the note to ${BAN_NOTE_MAX} characters`,
  noteInvalid: "Please remove the control characters",
} as const;
