import { useState } from "react";
import { PageIntro } from "../../components/layout/page-intro";
import { Notice, useTimedNotice } from "../../components/ui/notice";
import { useSession } from "../../features/auth/hooks/use-session";
import { useFavorites } from "../../features/favorites/api/get-favorites";
import { useSetFavorite } from "../../features/favorites/api/toggle-favorite";
import type { Story } from "../../features/stories/api/get-stories";
import { StoriesGrid } from "../../features/stories/components/stories-grid";
import { useDocumentTitle } from "../../hooks/use-document-title";

/**
 * Stories (spec §2). Signed in, likes are the account's favorites; a visitor's likes live in
 * this page only until the favorites work keeps them in the browser (DECISIONS.md 9).
 */
export function StoriesRoute() {
  useDocumentTitle("Stories");
  const session = useSession();
  const uid = session.status === "signed-in" ? session.profile.uid : undefined;
  const favorites = useFavorites(uid);
  const setFavorite = useSetFavorite(uid);
  const [localLikes, setLocalLikes] = useState<ReadonlySet<string>>(new Set());
  const notice = useTimedNotice();

  const isLiked = (id: string) => (uid ? (favorites.data?.stories.includes(id) ?? false) : localLikes.has(id));

  function toggleLike(story: Story) {
    const liked = !isLiked(story.id);
    notice.show(`${story.title} ${liked ? "added to" : "removed from"} favorites!`);
    if (uid) {
      setFavorite.mutate(
        { kind: "story", id: story.id, liked },
        { onError: (error) => console.error("Could not save the favorite", error) },
      );
      return;
    }
    setLocalLikes((current) => {
      const next = new Set(current);
      if (liked) next.add(story.id);
      else next.delete(story.id);
      return next;
    });
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageIntro title="Stories" kicker="From the community" className="mb-10 sm:mb-14">
        <p>The people, places and late nights behind the work: stories from independent creators across the country.</p>
      </PageIntro>
      <StoriesGrid isLiked={isLiked} onToggleLike={toggleLike} />
      <Notice message={notice.message} />
    </div>
  );
}
