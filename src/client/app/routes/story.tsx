import { useParams } from "react-router";
import { PageLoadFailed, PageLoading } from "../../components/layout/page-status";
import { prefetchMarkdown } from "../../components/markdown/lazy-markdown";
import { useSession } from "../../features/auth/hooks/use-session";
import { useStory } from "../../features/stories/api/get-story";
import { StoryPage } from "../../features/stories/components/story-page";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { isNotFound } from "../../lib/api";
import { NotFound } from "../shell/not-found";

/** /stories/:storyId: a published story; any other id is not found. */
export function StoryRoute() {
  const { storyId = "" } = useParams();
  const story = useStory(storyId);
  const signedIn = useSession().status === "signed-in";
  const notFound = isNotFound(story.error);
  useDocumentTitle(notFound ? "Page not found" : (story.data?.title ?? "Story"));

  if (story.isPending) {
    // The body's renderer downloads beside the story's data, not after it. A server-rendered page
    // arrives with its data and keeps the server's HTML of the body (MarkdownBody): no download.
    prefetchMarkdown();
    return <PageLoading text="Loading story..." />;
  }
  if (notFound) return <NotFound />;
  if (story.isError) return <PageLoadFailed title="Story" onRetry={() => void story.refetch()} />;
  return <StoryPage story={story.data} canReport={signedIn} />;
}
