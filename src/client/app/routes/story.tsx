import { useParams } from "react-router";
import { PageLoadFailed, PageLoading } from "../../components/layout/page-status";
import { prefetchMarkdown } from "../../components/markdown/lazy-markdown";
import { useSession } from "../../features/auth/hooks/use-session";
import { Notice, useTimedNotice } from "../../components/ui/notice";
import { useFavorites } from "../../features/favorites/favorites-provider";
import { FAVORITE_MESSAGES } from "../../features/favorites/lib/favorite-entries";
import { useStory, type StoryDetail } from "../../features/stories/api/get-story";
import { StoryPage } from "../../features/stories/components/story-page";
import { FollowButton } from "../../features/creators/components/follow-button";
import { CommentsSection } from "../../features/comments/components/comments-section";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { isNotFound } from "../../lib/api";
import { NotFound } from "../shell/not-found";

/**
 * /stories/:storyId: a published story with a page; any other id is not found. Its heart works as
 * on /stories: the account's favorites when signed in, this browser's otherwise (DECISIONS.md 9).
 */
export function StoryRoute() {
  const { storyId = "" } = useParams();
  const story = useStory(storyId);
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const favorites = useFavorites();
  const notice = useTimedNotice();
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
  function toggleFavorite(liked: StoryDetail) {
    const favorite = !favorites.isFavorite("story", liked.id);
    notice.show(favorite ? FAVORITE_MESSAGES.added(liked.title) : FAVORITE_MESSAGES.removed(liked.title));
    favorites.setFavorite("story", liked.id, favorite).catch((error: unknown) => {
      console.error("Could not save the favorite", error);
      notice.show(FAVORITE_MESSAGES.saveFailed, "error");
    });
  }

  return (
    <>
      <StoryPage
        story={story.data}
        canReport={signedIn}
        favorite={favorites.isFavorite("story", story.data.id)}
        onToggleFavorite={toggleFavorite}
        follow={
          story.data.creator && (
            <FollowButton
              creatorId={story.data.creator.id}
              name={story.data.creator.artist_name}
              uid={session.status === "signed-in" ? session.profile.uid : null}
              onNotice={notice.show}
            />
          )
        }
        comments={
          <CommentsSection
            storyId={story.data.id}
            uid={session.status === "signed-in" ? session.profile.uid : session.status === "signed-out" ? null : undefined}
            onNotice={notice.show}
          />
        }
      />
      <Notice message={notice.message} />
    </>
  );
}
