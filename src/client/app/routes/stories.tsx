import { PageIntro } from "../../components/layout/page-intro";
import { Notice, useTimedNotice } from "../../components/ui/notice";
import { useLikes } from "../../features/favorites/likes-provider";
import type { Story } from "../../features/stories/api/get-stories";
import { StoriesGrid } from "../../features/stories/components/stories-grid";
import { useDocumentTitle } from "../../hooks/use-document-title";

export const FAVORITE_FAILED = "Your favorites could not be saved. Please try again.";

/** Stories (spec §2). Likes are the account's when signed in, else kept in the browser (DECISIONS.md 9). */
export function StoriesRoute() {
  useDocumentTitle("Stories");
  const likes = useLikes();
  const notice = useTimedNotice();

  function toggleLike(story: Story) {
    const liked = !likes.isLiked("story", story.id);
    notice.show(`${story.title} ${liked ? "added to" : "removed from"} favorites!`);
    likes.setLiked("story", story.id, liked).catch((error: unknown) => {
      console.error("Could not save the favorite", error);
      notice.show(FAVORITE_FAILED, "error");
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
