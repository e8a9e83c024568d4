import { clsx } from "clsx";
import { Heart, MapPin } from "lucide-react";
import type { Story } from "../api/get-stories";

const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** Month and year of a story (spec §2), or 'No date'. */
export function storyDate(date: string | null): string {
  if (!date) return "No date";
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? "No date" : MONTH_YEAR.format(parsed);
}

export interface StoryCardProps {
  story: Story;
  favorite: boolean;
  onToggleFavorite: (story: Story) => void;
  /** Position in the grid, for the entrance stagger. */
  index: number;
}

export function StoryCard({ story, favorite, onToggleFavorite, index }: StoryCardProps) {
  const headingId = `story-${story.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="motion-safe:animate-card-in flex flex-col overflow-hidden rounded-lg border-[3px] border-ink bg-white shadow-hard"
      style={{ animationDelay: `${Math.min(index, 12) * 0.1}s` }}
    >
      <div className="relative aspect-[16/10] border-b-[3px] border-ink bg-paper-deep">
        {story.image_url && (
          <img
            src={story.image_url}
            alt=""
            // The first row is on screen at once; the rest load as they scroll into view.
            loading={index < 3 ? "eager" : "lazy"}
            width={800}
            height={500}
            className="size-full object-cover"
          />
        )}
        <button
          type="button"
          onClick={() => onToggleFavorite(story)}
          aria-pressed={favorite}
          aria-label={`Like ${story.title}`}
          className={clsx(
            "absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full border-[3px] border-ink shadow-hard-sm",
            favorite ? "bg-pink" : "bg-white hover:bg-pink-soft",
          )}
        >
          <Heart aria-hidden="true" className={clsx("size-5", favorite && "fill-ink")} strokeWidth={2.5} />
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-1.5 text-sm font-bold tracking-wide text-muted uppercase">
            <MapPin aria-hidden="true" className="size-4" />
            {story.city}
          </p>
          <span className="-rotate-2 rounded-sm border-2 border-ink bg-yellow px-2 py-0.5 text-xs font-black tracking-wider uppercase">
            Coming Soon
          </span>
        </div>
        <h2 id={headingId} className="font-heavy text-xl leading-tight sm:text-2xl">
          {story.title}
        </h2>
        <p className="flex-1 text-muted">{story.description}</p>
        <p className="text-sm font-bold">
          <time dateTime={story.date ?? undefined}>{storyDate(story.date)}</time>
        </p>
      </div>
    </article>
  );
}
