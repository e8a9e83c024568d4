import { useCallback } from "react";
import { Notice, useTimedNotice } from "../../components/ui/notice";
import { useSession } from "../../features/auth/hooks/use-session";
import { useCreatorApplication } from "../../features/creators/application-provider";
import { CreatorsPage } from "../../features/creators/components/creators-page";
import { cardName } from "../../features/creators/lib/directory";
import type { Creator } from "../../features/creators/types";
import { LIKE_MESSAGES } from "../../features/favorites/lib/favorite-entries";
import { useLikes } from "../../features/favorites/likes-provider";
import { useDocumentTitle } from "../../hooks/use-document-title";

/**
 * /creators: the directory, wired to the session (creators are not invited to apply), the likes
 * (creator kind) and the application modal of the root layout.
 */
export function CreatorsRoute() {
  useDocumentTitle("Creators");
  const session = useSession();
  const application = useCreatorApplication();
  const { isLiked, setLiked } = useLikes();
  const notice = useTimedNotice();
  const { show } = notice;

  // Spec §2, §6: everyone but a creator sees the invitation; nothing shows while the session loads.
  const showApply = session.status === "signed-out" || (session.status === "signed-in" && !session.profile.creator);

  const toggleLike = useCallback(
    (creator: Creator) => {
      const liked = !isLiked("creator", creator.id);
      const name = cardName(creator);
      show(liked ? LIKE_MESSAGES.added(name) : LIKE_MESSAGES.removed(name));
      setLiked("creator", creator.id, liked).catch((error: unknown) => {
        console.error("Could not save the favorite", error);
        show(LIKE_MESSAGES.saveFailed, "error");
      });
    },
    [isLiked, setLiked, show],
  );

  return (
    <>
      <CreatorsPage
        showApply={showApply}
        onApply={application.open}
        isLiked={useCallback((id: string) => isLiked("creator", id), [isLiked])}
        onToggleLike={toggleLike}
      />
      <Notice message={notice.message} />
    </>
  );
}
