/** The curation section's words (docs/decisions/0019). */
import type { CurationKind, CurationState } from "../../../../common/curation-fields";

export const KIND_TABS: { kind: CurationKind; label: string; plural: string }[] = [
  { kind: "story", label: "Stories", plural: "stories" },
  { kind: "product", label: "Products", plural: "products" },
  { kind: "creator", label: "Creators", plural: "creators" },
];

export const STATE_LABELS: Record<CurationState, string> = {
  all: "All",
  featured: "Featured, in order",
  hidden: "Hidden",
  suspended: "Suspended",
};

export const CURATION_TEXT = {
  tabs: "What to curate",
  search: (plural: string) => `Find ${plural} by name or id`,
  state: "Show",
  loading: (plural: string) => `Loading ${plural}...`,
  failed: (plural: string) => `The ${plural} could not be loaded.`,
  empty: (plural: string) => `No ${plural} match.`,
  noneFeatured: (plural: string) => `No ${plural} are featured. Feature some under All and put them in order here.`,
  featuredHint: "Featured items lead their lists on the site (the store's Featured Tees of the Week, /stories, the creators directory), first one first.",
  by: "by",
  featured: (rank: number) => `Featured #${rank}`,
  hidden: "Hidden",
  suspended: "Suspended",
  creatorSuspended: "Creator suspended",
  draft: "Draft",
  offSite: "Not on the site",
  actions: (title: string) => `Actions for ${title}`,
  feature: "Feature",
  unfeature: "Unfeature",
  moveUp: "Move up",
  moveDown: "Move down",
  hide: "Hide",
  unhide: "Unhide",
  suspend: "Suspend",
  unsuspend: "Unsuspend",
  working: "Working...",
  featuredDone: (title: string) => `“${title}” is featured, last in the order.`,
  unfeaturedDone: (title: string) => `“${title}” is no longer featured.`,
  hiddenDone: (title: string) => `“${title}” is hidden: it is off the site.`,
  unhiddenDone: (title: string) => `“${title}” is back on the site.`,
  suspendedDone: (title: string) => `${title} is suspended: their profile and everything by them are off the site.`,
  unsuspendedDone: (title: string) => `${title} is no longer suspended: their profile and content are back.`,
  moved: (title: string, place: number, of: number) => `“${title}” moved to place ${place} of ${of}.`,
  failed500: "That did not work. Check your connection and try again.",
  suspendTitle: "Suspend this creator?",
  suspendBody: (name: string) =>
    `${name}'s profile, stories and products leave the site at once, and their studio stops publishing. They can still sign in and see their orders.`,
  unsuspendTitle: "Lift this suspension?",
  unsuspendBody: (name: string) => `${name}'s profile, stories and products come back to the site, and their studio publishes again.`,
  note: "Note",
  noteOptional: "(optional)",
  noteHint: "Why: kept in the audit log.",
  suspending: "Suspending...",
  unsuspending: "Lifting...",
  confirmSuspend: "Suspend creator",
  confirmUnsuspend: "Lift suspension",
} as const;
