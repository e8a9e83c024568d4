import { useParams } from "react-router";
import type { Story } from "../../../common/api/catalog";
import { PageLoadFailed, PageLoading } from "../../components/layout/page-status";
import { Notice, useTimedNotice } from "../../components/ui/notice";
import { useSession } from "../../features/auth/hooks/use-session";
import { useCreatorPage } from "../../features/creators/api/get-creator-page";
import { CreatorProfilePage } from "../../features/creators/components/creator-profile-page";
import { cardName } from "../../features/creators/lib/directory";
import { FAVORITE_MESSAGES } from "../../features/favorites/lib/favorite-entries";
import { useFavorites } from "../../features/favorites/favorites-provider";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { isNotFound, logFailure } from "../../lib/api";
import { NotFound } from "../shell/not-found";

/**
 * /creators/:creatorId: a creator's page, open to everyone as the directory is; an unknown (or
 * hidden) creator is not found. Story likes work as on /stories.
 */
export function CreatorRoute() {
  const { creatorId = "" } = useParams();
  const page = useCreatorPage(creatorId);
  const favorites = useFavorites();
  const notice = useTimedNotice();
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const notFound = isNotFound(page.error);
  useDocumentTitle(notFound ? "Page not found" : page.data ? cardName(page.data.creator) : "Creator");

  function toggleFavorite(story: Story) {
    const favorite = !favorites.isFavorite("story", story.id);
    notice.show(favorite ? FAVORITE_MESSAGES.added(story.title) : FAVORITE_MESSAGES.removed(story.title));
    favorites.setFavorite("story", story.id, favorite).catch((error: unknown) => {
      logFailure("Could not save the favorite", error);
      notice.show(FAVORITE_MESSAGES.saveFailed, "error");
    });
  }

  if (page.isPending) return <PageLoading text="Loading creator..." />;
  if (notFound) return <NotFound />;
  if (page.isError) return <PageLoadFailed title="Creator" onRetry={() => void page.refetch()} />;
  return (
    <>
      <CreatorProfilePage
        page={page.data}
        isStoryFavorite={(id) => favorites.isFavorite("story", id)}
        onToggleStoryFavorite={toggleFavorite}
        canReport={signedIn}
        uid={session.status === "signed-in" ? session.profile.uid : null}
        onNotice={notice.show}
      />
      <Notice message={notice.message} />
    </>
  );
}
