/**
 * A story's card (spec §2 Stories): like heart, tag, city, title, description, month-year. The
 * stories grid and a creator's page show it. A story with a page (`has_page`) links to it and is
 * tagged 'Read Now', and says how many comments it has (linked to them, issue 33); the others keep
 * the spec's 'Coming Soon'. A story with an author names them, linked to their page. An uploaded
 * cover is a responsive picture; the sample stories keep their single image.
 */
import { clsx } from "clsx";
import { Heart, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { Story } from "../../../common/api/catalog";
import { creatorPath, storyPath } from "../../config/paths";
import { ResponsiveImage } from "../media/responsive-image";
import { staggerClass } from "../ui/stagger";

/**
 * English month names, not Intl.DateTimeFormat: a page's first use of Intl loads the browser's
 * locale data, 50-130 ms of main thread in the middle of hydrating the stories (measured in
 * Chromium), for two words the site always writes in English.
 */
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Month and year of a story (spec §2), in UTC like the date it was given, or 'No date'. */
export function storyDate(date: string | null): string {
  if (!date) return "No date";
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? "No date" : `${MONTHS[parsed.getUTCMonth()]} ${parsed.getUTCFullYear()}`;
}

/** The width a card takes in the three-column grid, for the browser's choice of cover size. */
export const STORY_CARD_SIZES = "(min-width: 1152px) 360px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 92vw";

export interface StoryCardProps {
  story: Story;
  favorite: boolean;
  onToggleFavorite: (story: Story) => void;
  /** Position in the grid, for the entrance stagger. */
  index: number;
  /** The title's level: 2 under the page's h1 (/stories), 3 inside a section. */
  headingLevel?: 2 | 3;
  /** False on the author's own page, where "by" would only repeat the page's title. */
  showCreator?: boolean;
}

export function StoryCard({ story, favorite, onToggleFavorite, index, headingLevel = 2, showCreator = true }: StoryCardProps) {
  const headingId = `story-${story.id}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // The first row is on screen at once; the rest load as they scroll into view.
  const eager = index < 3;
  return (
    <article
      aria-labelledby={headingId}
      className={clsx(staggerClass(Math.min(index, 12)), "motion-safe:animate-card-in flex w-full min-w-0 flex-col overflow-hidden rounded-lg border-[3px] border-ink bg-white shadow-hard")}
    >
      <div className="relative aspect-[16/10] border-b-[3px] border-ink bg-paper-deep">
        {story.cover ? (
          <ResponsiveImage image={story.cover} alt="" sizes={STORY_CARD_SIZES} priority={eager} className="size-full" />
        ) : (
          story.image_url && (
            <img
              src={story.image_url}
              alt=""
              loading={eager ? "eager" : "lazy"}
              width={800}
              height={500}
              className="size-full object-cover"
            />
          )
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
          <span
            className={clsx(
              "-rotate-2 rounded-sm border-2 border-ink px-2 py-0.5 text-xs font-black tracking-wider uppercase",
              story.has_page ? "bg-teal" : "bg-yellow",
            )}
          >
            {story.has_page ? "Read Now" : "Coming Soon"}
          </span>
        </div>
        <Heading id={headingId} className="font-heavy text-xl leading-tight [overflow-wrap:anywhere] sm:text-2xl">
          {story.has_page ? (
            <Link to={storyPath(story.id)} className="decoration-pink decoration-[3px] underline-offset-4 hover:underline">
              {story.title}
            </Link>
          ) : (
            story.title
          )}
        </Heading>
        {showCreator && story.creator && (
          <p className="text-sm font-bold">
            by{" "}
            <Link to={creatorPath(story.creator.id)} className="link-ink">
              {story.creator.artist_name}
            </Link>
          </p>
        )}
        <p className="flex-1 text-muted">{story.description}</p>
        <div className="flex items-center justify-between gap-3 text-sm font-bold">
          <time dateTime={story.date ?? undefined}>{storyDate(story.date)}</time>
          {story.has_page && (
            <Link to={`${storyPath(story.id)}#comments`} className="text-muted hover:text-ink" data-testid="comment-count">
              {story.comment_count} {story.comment_count === 1 ? "comment" : "comments"}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
