import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { PageLoadFailed, PageLoading } from "../../components/layout/page-status";
import { prefetchMarkdown } from "../../components/markdown/lazy-markdown";
import { useAnnounce } from "../../components/ui/announcer";
import { NEW_STORY, paths } from "../../config/paths";
import { useCreatorApplication } from "../../features/creators/application-provider";
import { useStudioStories, useStudioStory } from "../../features/studio/api/studio-stories";
import { CurationNotice } from "../../features/studio/components/curation-notice";
import { NotCreator } from "../../features/studio/components/not-creator";
import { STUDIO_TEXT } from "../../features/studio/lib/texts";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { isApiError } from "../../lib/api";
import { NotFound } from "../shell/not-found";
import { CreatorOnly } from "./creator-only";

// The editor (with react-hook-form) and the live preview's renderer are chunks of their own that
// start downloading with this module, beside the story's data, so the route's first render stays
// within its budget (docs/decisions/0013) and nothing waits for them one after the other.
const loadEditor = () => import("../../features/studio/components/story-editor");
const StoryEditor = lazy(() => loadEditor().then((m) => ({ default: m.StoryEditor })));
void loadEditor();
prefetchMarkdown();

/**
 * /studio/stories/:storyId, and /studio/stories/new for a story not saved yet. A new story's
 * first save moves to its own address without a new editor (the `created` state), so what was
 * typed and the success message stay; any other change of address starts a fresh editor.
 */
export function StudioEditorRoute() {
  const { storyId = "" } = useParams();
  const location = useLocation();
  const [editorKey, setEditorKey] = useState(storyId);
  const [seenId, setSeenId] = useState(storyId);
  if (storyId !== seenId) {
    setSeenId(storyId);
    const created = (location.state as { created?: boolean } | null)?.created === true;
    if (!created) setEditorKey(storyId);
  }
  return (
    <CreatorOnly>{(profile) => <EditorLoader uid={profile.uid} storyId={storyId} editorKey={editorKey} />}</CreatorOnly>
  );
}

function EditorLoader({ uid, storyId, editorKey }: { uid: string; storyId: string; editorKey: string }) {
  const isNew = storyId === NEW_STORY;
  const story = useStudioStory(uid, storyId, !isNew);
  const navigate = useNavigate();
  const announce = useAnnounce();
  const application = useCreatorApplication();
  // Another creator's story, a deleted one or a made-up id: not found, whoever asks.
  const notFound = !isNew && isApiError(story.error) && story.error.status === 404;
  useDocumentTitle(notFound ? "Page not found" : isNew ? "New story · Studio" : `${story.data?.title ?? "Story"} · Studio`);

  if (!isNew && story.isPending) return <PageLoading text="Loading your story..." />;
  if (notFound) return <NotFound />;
  if (!isNew && isApiError(story.error) && story.error.code === "NOT_CREATOR") return <NotCreator onApply={application.open} />;
  if (!isNew && story.isError) return <PageLoadFailed title="Your story" onRetry={() => void story.refetch()} />;
  return (
    <Suspense fallback={<PageLoading text="Loading the editor..." />}>
      <StoryEditor
        key={editorKey}
        uid={uid}
        story={isNew ? null : (story.data ?? null)}
        notice={<EditorNotice uid={uid} />}
        onDeleted={(title) => {
          announce(STUDIO_TEXT.deleted(title));
          void navigate(paths.studio);
        }}
      />
    </Suspense>
  );
}

/**
 * The editor's own answers do not say it; the studio's list does (usually cached from /studio),
 * and reading it adds no module to this route (the profile's would: docs/decisions/0013).
 */
function EditorNotice({ uid }: { uid: string }) {
  const stories = useStudioStories(uid);
  return <CurationNotice suspended={stories.data?.suspended ?? false} hidden={stories.data?.hidden ?? false} />;
}
