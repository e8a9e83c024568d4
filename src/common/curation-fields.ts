/**
 * Curation's constants without its schemas (api/admin-curation.ts builds zod schemas when
 * loaded): kinds, list states, limits and the messages the back office and the server share.
 * Re-exported by api/admin-curation.ts.
 */
export const CURATION_KINDS = ["story", "product", "creator"] as const;
export type CurationKind = (typeof CURATION_KINDS)[number];

/**
 * Which items a curation list shows: `featured` in their order; `hidden` most recently hidden
 * first; `suspended` the suspended creators (for stories and products: those by a suspended
 * creator); `all` newest first.
 */
export const CURATION_STATES = ["all", "featured", "hidden", "suspended"] as const;
export type CurationState = (typeof CURATION_STATES)[number];

export const CURATION_LIMIT_DEFAULT = 20;
export const CURATION_LIMIT_MAX = 100;
export const CURATION_NOTE_MAX = 500;
/** More featured items than this would make the public lists' featured part a list of its own. */
export const FEATURED_MAX = 100;

export const CURATION_MESSAGES = {
  notFound: "Nothing of this kind has this id.",
  featuredChanged: "The featured list changed while you were ordering it. Reload to see it as it is now.",
  featuredFull: `At most ${FEATURED_MAX} items of a kind can be featured. Unfeature one first.`,
  noteTooLong: `Note must be at most ${CURATION_NOTE_MAX} characters`,
  noteInvalid: "Please remove the control characters from the note",
} as const;
