import { clsx } from "clsx";
import type { StoryStatus, StudioStory } from "../../../../common/api/studio";
import { OFF_SITE_TEXT } from "../lib/texts";

export const STATUS_LABELS: Record<StoryStatus, string> = { draft: "Draft", published: "Published" };

const BADGE = "inline-flex items-center rounded-sm border-2 border-ink px-2 py-0.5 text-xs font-black tracking-wider uppercase";

/**
 * Draft or Published, as the studio's list and the editor show it; a published story the public
 * cannot see (hidden, its creator suspended, no text) also says 'Not public', so the studio never
 * shows plainly as published what readers would find a 404.
 */
export function StatusBadge({ story, className }: { story: Pick<StudioStory, "status" | "public">; className?: string }) {
  const offSite = story.status === "published" && !story.public;
  return (
    <span className={clsx("inline-flex flex-wrap items-center gap-1.5", className)}>
      <span data-status={story.status} className={clsx(BADGE, story.status === "published" && !offSite ? "bg-teal" : "bg-white")}>
        {STATUS_LABELS[story.status]}
      </span>
      {offSite && (
        <span data-status="off-site" className={clsx(BADGE, "border-dashed bg-pink-soft")}>
          {OFF_SITE_TEXT.badge}
        </span>
      )}
    </span>
  );
}

/** Why a published story is not on the site, in the creator's words; null while it is public (or a draft). */
export function offSiteReason(story: Pick<StudioStory, "status" | "public" | "off_site">): string | null {
  if (story.status !== "published" || story.public) return null;
  return story.off_site ? OFF_SITE_TEXT[story.off_site] : OFF_SITE_TEXT.other;
}

/** The reason under a story's title (list) or heading (editor). */
export function OffSiteReason({ story, className }: { story: Pick<StudioStory, "status" | "public" | "off_site">; className?: string }) {
  const reason = offSiteReason(story);
  if (!reason) return null;
  return (
    <p data-testid="off-site-reason" className={clsx("text-sm font-semibold text-ink", className)}>
      {reason}
    </p>
  );
}
