import { useCallback } from "react";
import { Notice, useTimedNotice } from "../../components/ui/notice";
import { useSession } from "../../features/auth/hooks/use-session";
import { useCreatorApplication } from "../../features/creators/application-provider";
import { CreatorsPage } from "../../features/creators/components/creators-page";
import { cardName } from "../../features/creators/lib/directory";
import type { Creator } from "../../features/creators/types";
import { FAVORITE_MESSAGES } from "../../features/favorites/lib/favorite-entries";
import { useFavorites } from "../../features/favorites/favorites-provider";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { logFailure } from "../../lib/api";

/**
 * /creators: the directory, wired to the session (creators are not invited to apply), the favorites
 * (creator kind) and the application modal of the root layout.
 */
export function CreatorsRoute() {
  useDocumentTitle("Creators");
  const session = useSession();
  const application = useCreatorApplication();
  const { isFavorite, setFavorite } = useFavorites();
  const notice = useTimedNotice();
  const { show } = notice;

  // Spec §2, §6: everyone but a creator sees the invitation; nothing shows while the session loads.
  const showApply = session.status === "signed-out" || (session.status === "signed-in" && !session.profile.creator);

  const toggleFavorite = useCallback(
    (creator: Creator) => {
      const favorite = !isFavorite("creator", creator.id);
      const name = cardName(creator);
      show(favorite ? FAVORITE_MESSAGES.added(name) : FAVORITE_MESSAGES.removed(name));
      setFavorite("creator", creator.id, favorite).catch((error: unknown) => {
        logFailure("Could not save the favorite", error);
        show(FAVORITE_MESSAGES.saveFailed, "error");
      });
    },
    [isFavorite, setFavorite, show],
  );

  return (
    <>
      <CreatorsPage
        showApply={showApply}
        onApply={application.open}
        isFavorite={useCallback((id: string) => isFavorite("creator", id), [isFavorite])}
        onToggleFavorite={toggleFavorite}
        follow={{ uid: session.status === "signed-in" ? session.profile.uid : null, onNotice: show }}
      />
      <Notice message={notice.message} />
    </>
  );
}
