/** The studio's texts. The story messages are the API's own (common/api/studio.ts), so both sides say the same. */
import { STORY_MESSAGES } from "../../../../common/story-fields";

export const STORY_TEXT = STORY_MESSAGES;

export const STUDIO_TEXT = {
  title: "Studio",
  kicker: "Creator Studio",
  intro: "Write your stories, sell your work, publish both when they are ready, and keep your public profile current.",
  storiesTab: "Stories",
  shopTab: "Shop",
  salesTab: "Sales",
  tracksTab: "Tracks",
  statsTab: "Stats",
  profileTab: "Profile",
  publicPage: "View your public page",
  newStory: "New story",
  empty: "No stories yet. Your first one starts here.",
  loading: "Loading your stories...",
  loadFailed: "Your stories could not be loaded. Check your connection and try again.",
  notCreatorTitle: "Only creators have a studio",
  notCreatorBody:
    "The studio is where MAYBE creators write and publish their stories. Apply to join the creator community: approval is instant, and your studio opens right away.",
  apply: "Apply Now",
  edited: (when: string) => `Last changed ${when}`,
  deleted: (title: string) => `“${title}” was deleted.`,
  published: (title: string) => `“${title}” is published.`,
  unpublished: (title: string) => `“${title}” is a draft again.`,
  actionFailed: "That did not work. Check your connection and try again.",
  suspended:
    "Your creator profile is suspended by the MAYBE team: your profile, stories and products are off the site for now, and publishing is paused. You can still write and save drafts, and your orders are as they were.",
  hidden: "Your public profile is hidden by the MAYBE team for now. Your stories and products are still on the site.",
} as const;

/**
 * A published story the public cannot see (the API's `off_site`): the studio says so instead of
 * 'Published' with a View link to a page that is a 404.
 */
export const OFF_SITE_TEXT = {
  badge: "Not public",
  hidden: "Not on the site: the MAYBE team has hidden this story, so readers cannot find it and its page is gone.",
  suspended: "Not on the site while your creator profile is suspended. It comes back when the suspension ends.",
  no_text: "Not on the site: it has no text yet. Write it, or unpublish it.",
  other: "Not on the site for now.",
  /** In place of 'View your public page' while the profile is off the site. */
  publicPageOff: "Your public page is off the site for now",
} as const;

export const EDITOR_TEXT = {
  back: "All your stories",
  newTitle: "New story",
  editTitle: "Edit story",
  markdownHint:
    "Markdown: **bold**, _italic_, [a link](https://…), # a heading, > a quote, - a list. HTML is shown as text, and images as links.",
  emptyPreview: "Nothing to preview yet. Start writing and the story appears here as readers will see it.",
  loadingPreview: "Loading the preview...",
  saveDraft: "Save draft",
  saveChanges: "Save changes",
  saving: "Saving...",
  savedButton: "Saved!",
  publish: "Publish",
  publishing: "Publishing...",
  unpublish: "Unpublish",
  unpublishing: "Unpublishing...",
  view: "View story",
  delete: "Delete",
  deleteTitle: "Delete this story?",
  deleteBody: (title: string) => `“${title}” will be gone for good, from your studio and from the site. This cannot be undone.`,
  deleteConfirm: "Delete story",
  deleting: "Deleting...",
  deleteFailed: "The story could not be deleted. Check your connection and try again.",
  reload: "Load the newer version",
  reloading: "Loading...",
  reloadFailed: "The newer version could not be loaded. Check your connection and try again.",
  unsaved: "Unsaved changes",
  allSaved: "All changes saved",
  savedOutcome: "Draft saved.",
  savedLiveOutcome: "Changes saved. The published story shows them now.",
  publishedOutcome: "Story published. It is on the Stories page now.",
  /** Published or saved, but the public cannot see it: what was done, then why it is not on the site. */
  publishedOffSite: (reason: string) => `Story published. ${reason}`,
  savedOffSite: (reason: string) => `Changes saved. ${reason}`,
  unpublishedOutcome: "Story unpublished. It is a draft again, and only you can see it.",
} as const;

export const PROFILE_TEXT = {
  save: "Save profile",
  saving: "Saving...",
  saved: "Saved!",
  savedOutcome: "Profile saved. Your public page shows it now.",
  failed: "Your profile could not be saved. Check your connection and try again.",
  loading: "Loading your profile...",
  avatarSection: "Profile Picture",
  avatar: "Choose a picture",
  avatarHint: "Square pictures work best. JPEG, PNG, WebP, AVIF or GIF, up to 10 MB. Shown before the profile image URL.",
  email: (email: string) => `Signed in as ${email}. The email is your account's and is not shown to anyone.`,
} as const;
