/**
 * The studio's list: every story of the creator, last changed first, with its status and what
 * can be done to it: edit, publish or unpublish, view the published page, delete (after a confirm).
 */
import { ExternalLink, FilePlus2, ImageOff, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { StudioStory } from "../../../../common/api/studio";
import { ResponsiveImage } from "../../../components/media/responsive-image";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { NEW_STORY, storyPath, studioStoryPath } from "../../../config/paths";
import { isApiError, logFailure } from "../../../lib/api";
import { useDeleteStory, useStoryAction, useStudioStories } from "../api/studio-stories";
import { CurationNotice } from "./curation-notice";
import { storyFailure } from "../lib/story-form";
import { EDITOR_TEXT, STORY_TEXT, STUDIO_TEXT } from "../lib/texts";
import { StatusBadge } from "./status-badge";

const CHANGED = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

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
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StudioStory | null>(null);

  async function toggle(story: StudioStory) {
    setError(null);
    setPendingId(story.id);
    try {
      const kind = story.status === "published" ? "unpublish" : "publish";
      const next = await action.mutateAsync({ kind, id: story.id, version: story.version });
      onDone(next.status === "published" ? STUDIO_TEXT.published(next.title) : STUDIO_TEXT.unpublished(next.title));
    } catch (failure) {
      logFailure("story status change failed", failure);
      setError(describe(failure));
    } finally {
      setPendingId(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const story = deleting;
    setError(null);
    try {
      await remove.mutateAsync(story.id);
      setDeleting(null);
      onDone(STUDIO_TEXT.deleted(story.title));
    } catch (failure) {
      logFailure("story delete failed", failure);
      setDeleting(null);
      setError(EDITOR_TEXT.deleteFailed);
    }
  }

  const items = stories.data?.items ?? [];
  return (
    <section aria-labelledby="studio-stories" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="studio-stories" className="font-heavy text-3xl sm:text-4xl">
          Your stories
        </h2>
        <Link to={studioStoryPath(NEW_STORY)} className={buttonClasses({ variant: "primary" })}>
          <FilePlus2 aria-hidden="true" className="size-5" strokeWidth={2.75} />
          {STUDIO_TEXT.newStory}
        </Link>
      </div>

      <CurationNotice suspended={stories.data?.suspended ?? false} hidden={stories.data?.hidden ?? false} />
      {error && <Alert>{error}</Alert>}

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
              <StoryRow story={story} busy={pendingId === story.id} onToggle={() => void toggle(story)} onDelete={() => setDeleting(story)} />
            </li>
          ))}
        </ul>
      )}

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

function describe(failure: unknown): string {
  const outcome = storyFailure(failure);
  if (outcome.kind === "conflict") return STORY_TEXT.conflict;
  if (outcome.kind === "fields") {
    const first = Object.values(outcome.fields).find(Boolean);
    return first ?? STUDIO_TEXT.actionFailed;
  }
  return isApiError(failure) && failure.status < 500 ? outcome.message : STUDIO_TEXT.actionFailed;
}

interface StoryRowProps {
  story: StudioStory;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

function StoryRow({ story, busy, onToggle, onDelete }: StoryRowProps) {
  const headingId = `studio-story-${story.id}`;
  const published = story.status === "published";
  return (
    <article
      aria-labelledby={headingId}
      data-testid="studio-story"
      className="flex flex-col gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard lg:flex-row lg:items-center lg:p-5"
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
            <StatusBadge status={story.status} />
            <p className="text-sm font-bold tracking-wide text-muted uppercase">{story.city}</p>
          </div>
          <h3 id={headingId} className="font-heavy text-lg leading-tight [overflow-wrap:anywhere] sm:text-2xl">
            <Link to={studioStoryPath(story.id)} className="decoration-pink decoration-[3px] underline-offset-4 hover:underline">
              {story.title}
            </Link>
          </h3>
          <p className="text-sm text-muted">{STUDIO_TEXT.edited(CHANGED.format(new Date(story.updated_at)))}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">
        <Link to={studioStoryPath(story.id)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          <Pencil aria-hidden="true" className="size-4" strokeWidth={2.75} />
          Edit<span className="sr-only"> {story.title}</span>
        </Link>
        <Button variant={published ? "secondary" : "dark"} size="sm" disabled={busy} aria-busy={busy || undefined} onClick={onToggle}>
          {busy ? (published ? EDITOR_TEXT.unpublishing : EDITOR_TEXT.publishing) : published ? EDITOR_TEXT.unpublish : EDITOR_TEXT.publish}
          <span className="sr-only"> {story.title}</span>
        </Button>
        {published && (
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
    </article>
  );
}
