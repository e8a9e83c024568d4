/**
 * How comments write numbers and times, and their buttons. No Intl: a page's first use of it loads the browser's
 * locale data, tens of milliseconds while the story hydrates (components/stories/story-card.tsx),
 * for words the site always writes in English.
 */
import { buttonClasses } from "../../../components/ui/button";

/** The small buttons under a comment (Like, Reply, Edit, Delete, Hide). */
export const ENTRY_BUTTON = buttonClasses({ variant: "secondary", size: "sm" }, "min-h-8 px-2.5 shadow-none");
export const LIKED_BUTTON = buttonClasses({ variant: "primary", size: "sm" }, "min-h-8 px-2.5 shadow-none");

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 1234 → "1,234". */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "3 comments", "1 comment". */
export function commentsText(n: number): string {
  return `${thousands(n)} ${n === 1 ? "comment" : "comments"}`;
}

/**
 * When a comment was written. The server knows no reader's zone or clock, so its HTML (and the
 * hydration of it) says the day in UTC ("Nov 29, 2026"); afterwards the browser says how long ago
 * for the last week ("5 min ago", "3 h ago", "2 days ago") and the day in the reader's zone before.
 */
export function commentTime(iso: string, now: number | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (now !== null) {
    const minutes = Math.floor((now - date.getTime()) / 60_000);
    if (minutes < 1) return "just now";
    if (minutes < 60) return `${minutes} min ago`;
    if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
    const days = Math.floor(minutes / (24 * 60));
    if (days < 7) return `${days} ${days === 1 ? "day" : "days"} ago`;
    return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  }
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
