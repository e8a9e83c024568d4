/**
 * The story editor's constants without its schema (api/studio.ts builds zod schemas when loaded):
 * statuses, lengths and the messages the editor and the server share. Re-exported by api/studio.ts.
 */
export const STORY_STATUSES = ["draft", "published"] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

/** Why a published story is not on the site (the studio says so): docs/decisions/0019. */
export const STORY_OFF_SITE = ["hidden", "suspended", "no_text"] as const;
export type StoryOffSite = (typeof STORY_OFF_SITE)[number];

export const STORY_TITLE_MAX = 120;
export const STORY_CITY_MAX = 100;
export const STORY_DESCRIPTION_MAX = 300;
export const STORY_BODY_MAX = 50_000;

export const STORY_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${STORY_TITLE_MAX} characters`,
  cityRequired: "City is required",
  cityTooLong: `City must be at most ${STORY_CITY_MAX} characters`,
  dateInvalid: "Please enter a valid date",
  descriptionRequired: "Card description is required",
  descriptionTooLong: `Card description must be at most ${STORY_DESCRIPTION_MAX} characters`,
  bodyTooLong: `Story must be at most ${STORY_BODY_MAX.toLocaleString("en-US")} characters`,
  bodyRequiredToPublish: "Write the story before publishing it",
  textInvalid: "Please remove the control characters",
  coverUnknown: "Please upload the cover image again",
  /** 409 STORY_CHANGED: a save based on an older version (another tab saved first). */
  conflict: "This story changed in another tab — reload to see it",
  notCreator: "Only creators have a studio. Apply to become a MAYBE Creator first.",
  notFound: "No story of yours has this id.",
  /** 403 SUSPENDED: the creator is suspended (curation, docs/decisions/0019). */
  suspended:
    "Your creator profile is suspended, so you cannot publish or change what the site shows for now. You can still write and save drafts.",
} as const;
