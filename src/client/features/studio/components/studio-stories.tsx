/**
 * The studio's list: every story of the creator, last changed first, with its status and what
 * can be done to it: edit, publish or unpublish, view the published page, delete (after a confirm).
 * It shows what the public sees: a published story readers cannot see says it is not public and
 * why, with no View link to a 404. A refused action says the server's words in the story's own
 * row, next to the button pressed, not at the top of a list that may be screens long.
 */
import { ExternalLink, FilePlus2, ImageOff, Pencil, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import type { StudioStory } from "../../../../common/api/studio";
import { ResponsiveImage } from "../../../components/media/responsive-image";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { NEW_STORY, storyPath, studioStoryPath } from "../../../config/paths";
import { failureMessage, logFailure } from "../../../lib/api";
import { useDeleteStory, useStoryAction, useStudioStories } from "../api/studio-stories";
import { CurationNotice } from "./curation-notice";
import { storyFailure } from "../lib/story-form";
import { EDITOR_TEXT, STORY_TEXT, STUDIO_TEXT } from "../lib/texts";
import { OffSiteReason, StatusBadge } from "./status-badge";

const CHANGED = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
// "Write to your followers" in a chunk of its own: the list paints without waiting for it.
const FollowerMessages = lazy(() => import("./follower-messages").then((m) => ({ default: m.FollowerMessages })));

export interface StudioStoriesProps {
  uid: string;
  /** A short confirmation for the page's notice (published, deleted...). */
  onDone: (text: string) => void;
}

export function StudioStories({ uid, onDone }: StudioStoriesProps) {
  const stories = useStudioStories(uid);
  const action = useStoryAction(uid);
  const remove = useDeleteStory(uid);
  const [pendingId, setPendingId] = useState<string | null>(null);
  /** The last refused action, shown in its story's row. */
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null);
  const [deleting, setDeleting] = useState<StudioStory | null>(null);

  async function toggle(story: StudioStory) {
    if (pendingId) return;
    setFailure(null);
    setPendingId(story.id);
    try {
      const kind = story.status === "published" ? "unpublish" : "publish";
      const next = await action.mutateAsync({ kind, id: story.id, version: story.version });
      onDone(next.status === "published" ? STUDIO_TEXT.published(next.title) : STUDIO_TEXT.unpublished(next.title));
    } catch (error) {
      logFailure("story status change failed", error);
      setFailure({ id: story.id, message: describe(error) });
    } finally {
      setPendingId(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const story = deleting;
    setFailure(null);
    try {
      await remove.mutateAsync(story.id);
      setDeleting(null);
      onDone(STUDIO_TEXT.deleted(story.title));
    } catch (error) {
      logFailure("story delete failed", error);
      setDeleting(null);
      setFailure({ id: story.id, message: failureMessage(error, EDITOR_TEXT.deleteFailed) });
    }
  }

  const items = stories.data?.items ?? [];
  return (
    <section aria-labelledby="studio-stories" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="studio-stories" className="font-heavy text-3xl sm:text-4xl">
            Your stories
          </h2>
          {stories.data && (
            <p className="font-bold text-muted" data-testid="studio-followers">
              {`${stories.data.followers.toLocaleString("en-US")} ${stories.data.followers === 1 ? "follower" : "followers"}`}
            </p>
          )}
        </div>
        <Link to={studioStoryPath(NEW_STORY)} className={buttonClasses({ variant: "primary" })}>
          <FilePlus2 aria-hidden="true" className="size-5" strokeWidth={2.75} />
          {STUDIO_TEXT.newStory}
        </Link>
      </div>

      <CurationNotice suspended={stories.data?.suspended ?? false} hidden={stories.data?.hidden ?? false} />

      {stories.isPending ? (
        <p role="status" className="py-10 text-center text-lg font-bold">
          {STUDIO_TEXT.loading}
        </p>
      ) : stories.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{STUDIO_TEXT.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => void stories.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-12 text-center text-lg font-bold">
          {STUDIO_TEXT.empty}
        </p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Your stories">
          {items.map((story) => (
            <li key={story.id}>
              <StoryRow
                story={story}
                busy={pendingId === story.id}
                failure={failure?.id === story.id ? failure.message : null}
                onToggle={() => void toggle(story)}
                onDelete={() => setDeleting(story)}
              />
            </li>
          ))}
        </ul>
      )}

      {/* Below the list: it arrives after the stories (its own chunk and read), and above them it
          would push a row, and the message a refusal just put on it, out of view. */}
      <Suspense fallback={null}>
        <FollowerMessages uid={uid} />
      </Suspense>

      <ConfirmDialog
        open={deleting !== null}
        title={EDITOR_TEXT.deleteTitle}
        confirmLabel={EDITOR_TEXT.deleteConfirm}
        busyLabel={EDITOR_TEXT.deleting}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>{EDITOR_TEXT.deleteBody(deleting?.title ?? "")}</p>
      </ConfirmDialog>
    </section>
  );
}

/** A refused publish or unpublish: the server's words (one rule: lib/api.ts failureMessage). */
function describe(error: unknown): string {
  const outcome = storyFailure(error);
  if (outcome.kind === "conflict") return STORY_TEXT.conflict;
  if (outcome.kind === "fields") return Object.values(outcome.fields).find(Boolean) ?? failureMessage(error, STUDIO_TEXT.actionFailed);
  return failureMessage(error, STUDIO_TEXT.actionFailed);
}

interface StoryRowProps {
  story: StudioStory;
  busy: boolean;
  /** Why the last action on this story was refused. */
  failure: string | null;
  onToggle: () => void;
  onDelete: () => void;
}

function StoryRow({ story, busy, failure, onToggle, onDelete }: StoryRowProps) {
  const headingId = `studio-story-${story.id}`;
  const published = story.status === "published";
  return (
    <article
      aria-labelledby={headingId}
      data-testid="studio-story"
      className="flex flex-col gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard lg:flex-row lg:flex-wrap lg:items-center lg:p-5"
    >
      <div className="flex min-w-0 flex-1 items-start gap-4 sm:items-center">
        <div className="aspect-[16/10] w-24 shrink-0 overflow-hidden rounded-md border-[3px] border-ink bg-paper-deep sm:w-40">
          {story.cover ? (
            <ResponsiveImage image={story.cover} alt="" sizes="(min-width: 640px) 160px, 96px" className="size-full" />
          ) : (
            <span aria-hidden="true" className="flex size-full items-center justify-center text-muted">
              <ImageOff className="size-6" strokeWidth={2} />
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge story={story} />
            <p className="text-sm font-bold tracking-wide text-muted uppercase">{story.city}</p>
          </div>
          <h3 id={headingId} className="font-heavy text-lg leading-tight [overflow-wrap:anywhere] sm:text-2xl">
            <Link to={studioStoryPath(story.id)} className="decoration-pink decoration-[3px] underline-offset-4 hover:underline">
              {story.title}
            </Link>
          </h3>
          <OffSiteReason story={story} />
          <p className="text-sm text-muted">{STUDIO_TEXT.edited(CHANGED.format(new Date(story.updated_at)))}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">
        <Link to={studioStoryPath(story.id)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          <Pencil aria-hidden="true" className="size-4" strokeWidth={2.75} />
          Edit<span className="sr-only"> {story.title}</span>
        </Link>
        {/* aria-disabled while busy, not disabled: the button pressed keeps the focus. */}
        <Button variant={published ? "secondary" : "dark"} size="sm" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={onToggle}>
          {busy ? (published ? EDITOR_TEXT.unpublishing : EDITOR_TEXT.publishing) : published ? EDITOR_TEXT.unpublish : EDITOR_TEXT.publish}
          <span className="sr-only"> {story.title}</span>
        </Button>
        {published && story.public && (
          <Link to={storyPath(story.id)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            <ExternalLink aria-hidden="true" className="size-4" strokeWidth={2.75} />
            View<span className="sr-only"> {story.title}</span>
          </Link>
        )}
        <Button variant="secondary" size="sm" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" strokeWidth={2.75} />
          {EDITOR_TEXT.delete}
          <span className="sr-only"> {story.title}</span>
        </Button>
      </div>
      {failure && <Alert className="basis-full">{failure}</Alert>}
    </article>
  );
}
