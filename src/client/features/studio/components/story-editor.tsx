/**
 * The studio's story editor: title, city, date, card description, cover and the Markdown body
 * with a live preview beside it (below it on narrow screens). Checked on submit by the schema the
 * server uses (StoryDraftSchema), loaded when the browser is idle.
 *
 * Nothing typed is lost: a refused save puts each message on its field; a save based on an old
 * version (409, another tab saved first) says so and keeps the text until the writer chooses to
 * load the newer version. The fields stay editable while a request runs; what counts as unsaved
 * is what differs from the story as the server last answered it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ExternalLink, RotateCcw, Trash2 } from "lucide-react";
import { Suspense, useDeferredValue, useEffect, useId, useRef, useState, type KeyboardEvent , type ReactNode } from "react";
import { Controller } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { $ZodType } from "zod/v4/core";
import type { Image } from "../../../../common/api/media";
import type { StoryDraft, StudioStory } from "../../../../common/api/studio";
import { LazyMarkdown } from "../../../components/markdown/lazy-markdown";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { paths, storyPath, studioStoryPath } from "../../../config/paths";
import { useSiteForm } from "../../../hooks/use-site-form";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { studioStoryQueryOptions, useDeleteStory, useStoryAction } from "../api/studio-stories";
import { EDITOR_TEXT, STORY_TEXT } from "../lib/texts";
import {
  EMPTY_STORY,
  STORY_FIELDS,
  hasUnsavedChanges,
  storyFailure,
  storyFormValues,
  type StoryFormValues,
} from "../lib/story-form";
import { ImageUpload } from "./image-upload";
import { OffSiteReason, offSiteReason, StatusBadge } from "./status-badge";
import { failureMessage, logFailure } from "../../../lib/api";

// The form's values are a narrower shape of the schema's input (every field present).
const resolver = lazyZodResolver<StoryFormValues, StoryDraft>(() =>
  import("../../../../common/api/studio").then((m) => m.StoryDraftSchema as unknown as $ZodType<StoryDraft, StoryFormValues>),
);

type Intent = "save" | "publish" | "unpublish";

/** The action bar's buttons are smaller on a phone, so the bar stays short at the bottom of the screen. */
const COMPACT = "max-sm:min-h-10 max-sm:px-3.5 max-sm:text-sm";
type Outcome = "saved" | "published" | "unpublished";

export interface StoryEditorProps {
  uid: string;
  /** The story as loaded, or null for a new one. Read once: the editor keeps its own copy. */
  story: StudioStory | null;
  /** After the story is deleted (the route goes back to the list). */
  onDeleted: (title: string) => void;
  /** Shown under the way back, above the form: what the curators did to the creator, if anything. */
  notice?: ReactNode;
}

export function StoryEditor({ uid, story: initial, onDeleted, notice }: StoryEditorProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const action = useStoryAction(uid);
  const remove = useDeleteStory(uid);

  /** The story as the server last answered it; null until a new story's first save. */
  const [saved, setSaved] = useState<StudioStory | null>(initial);
  const [cover, setCover] = useState<Image | null>(initial?.cover ?? null);
  const [running, setRunning] = useState<Intent | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [conflict, setConflict] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reloading, setReloading] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);

  // The fields stay enabled while a save runs (the editor keeps its writer typing): focus need not wait.
  const form = useSiteForm<StoryFormValues, StoryDraft>({
    resolver,
    defaultValues: initial ? storyFormValues(initial) : EMPTY_STORY,
    serverFields: STORY_FIELDS,
    submitting: false,
  });
  const { handleSubmit, setError, setFocus, setValue, clearErrors, watch, reset, control, formState, field, showFieldErrors } = form;
  const { errors } = formState;

  // 'New story' opens an empty form: the writing starts at its title, not at the top of the page.
  useEffect(() => {
    if (!initial) setFocus("title");
    // Once, for the story the editor opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A success message is about what was saved: the next edit ends it.
  useEffect(() => {
    const subscription = watch(() => setOutcome(null));
    return () => subscription.unsubscribe();
  }, [watch]);
  useEffect(() => {
    if (conflict || generalError) messageRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [conflict, generalError]);

  const values = watch();
  const dirty = hasUnsavedChanges(values, saved);
  const preview = useDeferredValue(values.body);
  const published = saved?.status === "published";
  // While a request runs, the bar's buttons are aria-disabled, not disabled: the button pressed
  // keeps the focus (Publish turns into Unpublish in place), where a disabled one would drop it.
  const busy = running !== null;

  /** Runs the requests of one button; each answer becomes the story the editor knows. */
  async function perform(intent: Intent, draft: StoryDraft | null) {
    setConflict(false);
    setGeneralError(null);
    setOutcome(null);
    setRunning(intent);
    let latest = saved;
    const keep = (story: StudioStory) => {
      latest = story;
      setSaved(story);
      setCover(story.cover);
    };
    try {
      if (draft && !latest) {
        keep(await action.mutateAsync({ kind: "create", draft }));
        // The same editor stays (one route for new and saved stories); Back skips the empty form.
        void navigate(studioStoryPath(latest!.id), { replace: true, state: { created: true } });
      } else if (draft && latest && (intent === "save" || hasUnsavedChanges(form.getValues(), latest))) {
        keep(await action.mutateAsync({ kind: "update", id: latest.id, update: { ...draft, version: latest.version } }));
      }
      if (intent === "publish" && latest) {
        keep(await action.mutateAsync({ kind: "publish", id: latest.id, version: latest.version }));
        // A story published without a date takes the day it went out: show it.
        if (!form.getValues("date") && latest.date) form.setValue("date", latest.date);
      }
      if (intent === "unpublish" && latest) keep(await action.mutateAsync({ kind: "unpublish", id: latest.id, version: latest.version }));
      setOutcome(intent === "save" ? "saved" : intent === "publish" ? "published" : "unpublished");
    } catch (error) {
      logFailure(`story ${intent} failed`, error);
      const failure = storyFailure(error);
      if (failure.kind === "conflict") setConflict(true);
      else if (failure.kind === "fields") showFieldErrors(failure.fields);
      else setGeneralError(failure.message);
    } finally {
      setRunning(null);
    }
  }

  const save = handleSubmit((draft) => perform("save", draft));
  const publish = handleSubmit(async (draft) => {
    // The server says the same (400 on `body`); no request for what it would refuse.
    if (draft.body === "") {
      setError("body", { type: "server", message: STORY_TEXT.bodyRequiredToPublish });
      setFocus("body");
      return;
    }
    await perform("publish", draft);
  });
  const unpublish = () => void perform("unpublish", null);

  async function reloadLatest() {
    if (!saved) return;
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...studioStoryQueryOptions(uid, saved.id), staleTime: 0 });
      setSaved(fresh);
      setCover(fresh.cover);
      reset(storyFormValues(fresh));
      setConflict(false);
      setOutcome(null);
    } catch (error) {
      logFailure("story reload failed", error);
      setGeneralError(failureMessage(error, EDITOR_TEXT.reloadFailed));
    } finally {
      setReloading(false);
    }
  }

  async function confirmRemove() {
    if (!saved) return;
    try {
      await remove.mutateAsync(saved.id);
      setConfirmDelete(false);
      onDeleted(saved.title);
    } catch (error) {
      logFailure("story delete failed", error);
      setConfirmDelete(false);
      setGeneralError(failureMessage(error, EDITOR_TEXT.deleteFailed));
    }
  }

  // Ctrl/Cmd+S saves, as in every editor.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      if (!busy) void save();
    }
  }

  const ids = { preview: useId() };
  const descriptionLength = values.description.trim().length;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <Link to={paths.studio} className="link-ink inline-flex w-fit items-center gap-1.5">
        <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={3} />
        {EDITOR_TEXT.back}
      </Link>
      {notice}

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="font-heavy text-[2.5rem] sm:text-6xl">{saved ? EDITOR_TEXT.editTitle : EDITOR_TEXT.newTitle}</h1>
        {saved && <StatusBadge story={saved} className="-rotate-2 text-sm [&>span]:text-sm" />}
        {saved && <OffSiteReason story={saved} className="basis-full" />}
      </div>

      <form noValidate onSubmit={(event) => (busy ? event.preventDefault() : void save(event))} onKeyDown={onKeyDown} aria-busy={busy || undefined} className="flex flex-col gap-8">
        <div ref={messageRef} className="flex flex-col gap-3 empty:hidden">
          {conflict && (
            <div className="flex flex-col gap-3 rounded-md border-[3px] border-ink bg-pink-soft p-3.5 shadow-hard-sm sm:flex-row sm:items-center sm:justify-between">
              <p role="alert" className="text-sm font-semibold">
                {STORY_TEXT.conflict}
              </p>
              <Button variant="secondary" size="sm" className="shrink-0" disabled={reloading} onClick={() => void reloadLatest()}>
                <RotateCcw aria-hidden="true" className="size-4" strokeWidth={2.75} />
                {reloading ? EDITOR_TEXT.reloading : EDITOR_TEXT.reload}
              </Button>
            </div>
          )}
          {generalError && <Alert>{generalError}</Alert>}
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Title" required autoComplete="off" error={errors.title?.message} className="sm:col-span-2" {...field("title")} />
          <TextField label="City" required autoComplete="address-level2" error={errors.city?.message} {...field("city")} />
          <TextField label="Date" labelNote="(optional)" type="date" error={errors.date?.message} {...field("date")} />
          <TextAreaField
            label="Card description"
            required
            rows={3}
            hint={`${descriptionLength} / 300 characters. Shown on the story's card on the Stories page.`}
            error={errors.description?.message}
            className="sm:col-span-2"
            {...field("description")}
          />
        </div>

        <Controller
          control={control}
          name="cover_media_id"
          render={({ field: coverField }) => (
            <ImageUpload
              label="Cover image"
              shape="cover"
              image={cover}
              hint="JPEG, PNG, WebP, AVIF or GIF, up to 10 MB. Shown on the card and at the top of the story."
              error={errors.cover_media_id?.message}
              inputRef={coverField.ref}
              onChange={(image) => {
                setCover(image);
                setValue("cover_media_id", image?.id ?? null);
                clearErrors("cover_media_id");
              }}
            />
          )}
        />

        <div className="grid gap-6 lg:grid-cols-2">
          <TextAreaField
            label="Story"
            labelNote="(Markdown)"
            rows={18}
            hint={EDITOR_TEXT.markdownHint}
            error={errors.body?.message}
            className="[&_textarea]:min-h-80 [&_textarea]:font-mono [&_textarea]:text-[0.95rem]"
            {...field("body")}
          />
          <section aria-labelledby={ids.preview} className="flex min-w-0 flex-col gap-1.5">
            <h2 id={ids.preview} className="text-sm font-bold tracking-wide text-ink uppercase">
              Preview
            </h2>
            <div data-testid="story-preview" className="min-h-80 rounded-md border-[3px] border-dashed border-ink bg-white px-4 py-3 sm:px-5">
              {preview.trim() === "" ? (
                <p className="text-muted">{EDITOR_TEXT.emptyPreview}</p>
              ) : (
                <Suspense fallback={<p className="text-muted">{EDITOR_TEXT.loadingPreview}</p>}>
                  <LazyMarkdown text={preview} />
                </Suspense>
              )}
            </div>
          </section>
        </div>

        <div
          role="group"
          aria-label="Story actions"
          className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-x-3 gap-y-2 border-t-[3px] border-ink bg-paper px-4 py-3 sm:-mx-6 sm:px-6 sm:py-4"
        >
          <div role="status" className="min-h-6 basis-full text-sm font-bold">
            {outcome ? (
              <span className="inline-flex items-center gap-1.5 rounded-sm bg-teal-soft px-2 py-0.5" data-testid="save-outcome">
                {outcomeText(outcome, saved)}
              </span>
            ) : dirty ? (
              <span className="text-muted">{EDITOR_TEXT.unsaved}</span>
            ) : saved ? (
              <span className="text-muted">{EDITOR_TEXT.allSaved}</span>
            ) : null}
          </div>
          <Button
            type="submit"
            variant={outcome === "saved" ? "success" : "primary"}
            className={COMPACT}
            aria-busy={running === "save" || undefined}
            aria-disabled={busy || undefined}
          >
            {running === "save" ? EDITOR_TEXT.saving : outcome === "saved" ? EDITOR_TEXT.savedButton : published ? EDITOR_TEXT.saveChanges : EDITOR_TEXT.saveDraft}
          </Button>
          {published ? (
            <Button variant="secondary" className={COMPACT} aria-busy={running === "unpublish" || undefined} aria-disabled={busy || undefined} onClick={() => busy || unpublish()}>
              {running === "unpublish" ? EDITOR_TEXT.unpublishing : EDITOR_TEXT.unpublish}
            </Button>
          ) : (
            <Button variant="dark" className={COMPACT} aria-busy={running === "publish" || undefined} aria-disabled={busy || undefined} onClick={() => busy || void publish()}>
              {running === "publish" ? EDITOR_TEXT.publishing : EDITOR_TEXT.publish}
            </Button>
          )}
          {/* Only to a page readers can open: a story off the site says why above instead. */}
          {published && saved?.public && (
            <Link to={storyPath(saved.id)} className={buttonClasses({ variant: "secondary" }, COMPACT)}>
              <ExternalLink aria-hidden="true" className="size-4" strokeWidth={2.75} />
              {/* "View" on a phone, where the bar must stay one or two short rows; the name stays "View story". */}
              <span>
                View<span className="max-sm:sr-only"> story</span>
              </span>
            </Link>
          )}
          {saved && (
            <Button variant="secondary" className={`ml-auto ${COMPACT}`} aria-disabled={busy || undefined} onClick={() => busy || setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" className="size-4" strokeWidth={2.75} />
              <span className="max-sm:sr-only">{EDITOR_TEXT.delete}</span>
            </Button>
          )}
        </div>
      </form>

      <ConfirmDialog
        open={confirmDelete}
        title={EDITOR_TEXT.deleteTitle}
        confirmLabel={EDITOR_TEXT.deleteConfirm}
        busyLabel={EDITOR_TEXT.deleting}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setConfirmDelete(false)}
      >
        <p>{EDITOR_TEXT.deleteBody(saved?.title ?? "")}</p>
      </ConfirmDialog>
    </div>
  );
}

/** What was done, and for a published story the public cannot see, why it is not on the site. */
function outcomeText(outcome: Outcome, story: StudioStory | null): string {
  if (outcome === "unpublished") return EDITOR_TEXT.unpublishedOutcome;
  const offSite = story && offSiteReason(story);
  if (outcome === "published") return offSite ? EDITOR_TEXT.publishedOffSite(offSite) : EDITOR_TEXT.publishedOutcome;
  if (story?.status !== "published") return EDITOR_TEXT.savedOutcome;
  return offSite ? EDITOR_TEXT.savedOffSite(offSite) : EDITOR_TEXT.savedLiveOutcome;
}
