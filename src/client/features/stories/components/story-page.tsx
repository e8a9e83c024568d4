/**
 * A published story's page (/stories/:storyId): cover, title, city, date, its author linked to
 * their page, and the body rendered from Markdown (components/markdown: raw HTML shown as text,
 * links filtered). The renderer is a chunk of its own, fetched beside the story's data; a
 * server-rendered page keeps the server's HTML of the body and never loads it (MarkdownBody).
 */
import type { ReactNode } from "react";
import { ArrowLeft, CalendarDays, MapPin } from "lucide-react";
import { Link } from "react-router";
import { MarkdownBody } from "../../../components/markdown/markdown-body";
import { ResponsiveImage } from "../../../components/media/responsive-image";
import { ReportButton } from "../../../components/report/report-button";
import { storyDate } from "../../../components/stories/story-card";
import { StoryHeart } from "../../../components/stories/story-heart";
import { creatorPath, paths } from "../../../config/paths";
import type { StoryDetail } from "../api/get-story";

/** The column the story reads in: its cover is as wide. */
const COVER_SIZES = "(min-width: 832px) 768px, calc(100vw - 2rem)";

export interface StoryPageProps {
  story: StoryDetail;
  /** Signed-in readers may report the story to the curators. */
  canReport?: boolean;
  /** The story is one of the reader's favorites (theirs, or this browser's when signed out). */
  favorite: boolean;
  onToggleFavorite: (story: StoryDetail) => void;
  /** Follow / Following for the story's creator (the creators feature's, composed by the route). */
  follow?: ReactNode;
  /** The comments under the story (the comments feature's, composed by the route). */
  comments?: ReactNode;
}

export function StoryPage({ story, canReport = false, favorite, onToggleFavorite, follow, comments }: StoryPageProps) {
  return (
    <article aria-labelledby="story-title" className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <Link to={paths.stories} className="link-ink inline-flex w-fit items-center gap-1.5">
        <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={3} />
        All stories
      </Link>

      <header className="flex flex-col gap-4">
        <ul aria-label="Where and when" className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm font-bold tracking-wide text-muted uppercase">
          <li className="flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4" />
            {story.city}
          </li>
          <li className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={story.date ?? undefined}>{storyDate(story.date)}</time>
          </li>
        </ul>
        <div className="flex items-start justify-between gap-4">
          <h1 id="story-title" className="min-w-0 font-heavy text-[2.5rem] leading-[0.95] break-words sm:text-6xl">
            {story.title}
          </h1>
          <StoryHeart title={story.title} favorite={favorite} onToggle={() => onToggleFavorite(story)} className="mt-1" />
        </div>
        {story.creator && (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <p className="text-lg font-bold">
              by{" "}
              <Link to={creatorPath(story.creator.id)} className="link-ink">
                {story.creator.artist_name}
              </Link>
            </p>
            {follow}
          </div>
        )}
        <p className="text-xl text-muted">{story.description}</p>
      </header>

      {story.cover ? (
        <ResponsiveImage
          image={story.cover}
          alt=""
          sizes={COVER_SIZES}
          fit="intrinsic"
          priority
          testId="story-cover"
          className="rounded-lg border-[3px] border-ink shadow-hard"
        />
      ) : (
        story.image_url && (
          <img
            src={story.image_url}
            alt=""
            width={800}
            height={500}
            className="h-auto w-full rounded-lg border-[3px] border-ink bg-paper-deep shadow-hard"
          />
        )
      )}

      <MarkdownBody
        text={story.body}
        images={story.images}
        fallback={
          <p role="status" className="text-lg font-bold">
            Loading the story...
          </p>
        }
        // Below the text and shown with it, so nothing moves when the text arrives.
        after={
          <>
            {canReport && (
              <footer className="flex flex-wrap items-center justify-between gap-3 border-t-[3px] border-ink pt-6">
                <p className="font-bold text-muted">Something wrong with this story?</p>
                <ReportButton kind="story" itemId={story.id} itemName={story.title} />
              </footer>
            )}
            {comments}
          </>
        }
      />
    </article>
  );
}
