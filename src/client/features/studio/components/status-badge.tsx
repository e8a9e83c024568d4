import { clsx } from "clsx";
import type { StoryStatus } from "../../../../common/api/studio";

export const STATUS_LABELS: Record<StoryStatus, string> = { draft: "Draft", published: "Published" };

/** Draft or Published, as the studio's list and the editor show it. */
export function StatusBadge({ status, className }: { status: StoryStatus; className?: string }) {
  return (
    <span
      data-status={status}
      className={clsx(
        "inline-flex items-center rounded-sm border-2 border-ink px-2 py-0.5 text-xs font-black tracking-wider uppercase",
        status === "published" ? "bg-teal" : "bg-white",
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
