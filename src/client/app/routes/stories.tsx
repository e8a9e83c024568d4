import { PageIntro } from "../../components/layout/page-intro";
import { Notice, useTimedNotice } from "../../components/ui/notice";
import { FAVORITE_MESSAGES } from "../../features/favorites/lib/favorite-entries";
import { useFavorites } from "../../features/favorites/favorites-provider";
import type { Story } from "../../features/stories/api/get-stories";
import { StoriesGrid } from "../../features/stories/components/stories-grid";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { logFailure } from "../../lib/api";

/** Stories (spec §2). Favorites are the account's when signed in, else kept in the browser (DECISIONS.md 9). */
export function StoriesRoute() {
  useDocumentTitle("Stories");
  const favorites = useFavorites();
  const notice = useTimedNotice();

  function toggleFavorite(story: Story) {
    const favorite = !favorites.isFavorite("story", story.id);
    notice.show(favorite ? FAVORITE_MESSAGES.added(story.title) : FAVORITE_MESSAGES.removed(story.title));
    favorites.setFavorite("story", story.id, favorite).catch((error: unknown) => {
      logFailure("Could not save the favorite", error);
      notice.show(FAVORITE_MESSAGES.saveFailed, "error");
    });
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageIntro title="Stories" kicker="From the community" className="mb-10 sm:mb-14">
        <p>The people, places and late nights behind the work: stories from independent creators across the country.</p>
      </PageIntro>
      <StoriesGrid isFavorite={(id) => favorites.isFavorite("story", id)} onToggleFavorite={toggleFavorite} />
      <Notice message={notice.message} />
    </div>
  );
}
