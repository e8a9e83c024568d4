import { PageIntro } from "../../components/layout/page-intro";
import { Notice, useTimedNotice } from "../../components/ui/notice";
import { LIKE_MESSAGES } from "../../features/favorites/lib/favorite-entries";
import { useLikes } from "../../features/favorites/likes-provider";
import type { Story } from "../../features/stories/api/get-stories";
import { StoriesGrid } from "../../features/stories/components/stories-grid";
import { useDocumentTitle } from "../../hooks/use-document-title";

/** Stories (spec §2). Likes are the account's when signed in, else kept in the browser (DECISIONS.md 9). */
export function StoriesRoute() {
  useDocumentTitle("Stories");
  const likes = useLikes();
  const notice = useTimedNotice();

  function toggleLike(story: Story) {
    const liked = !likes.isLiked("story", story.id);
    notice.show(liked ? LIKE_MESSAGES.added(story.title) : LIKE_MESSAGES.removed(story.title));
    likes.setLiked("story", story.id, liked).catch((error: unknown) => {
      console.error("Could not save the favorite", error);
      notice.show(LIKE_MESSAGES.saveFailed, "error");
    });
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageIntro title="Stories" kicker="From the community" className="mb-10 sm:mb-14">
        <p>The people, places and late nights behind the work: stories from independent creators across the country.</p>
      </PageIntro>
      <StoriesGrid isLiked={(id) => likes.isLiked("story", id)} onToggleLike={toggleLike} />
      <Notice message={notice.message} />
    </div>
  );
}
