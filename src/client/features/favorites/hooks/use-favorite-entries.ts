import type { NoticeTone } from "../../../components/ui/notice";
import { useFavoriteItems } from "../api/get-favorite-items";
import { useFavorites } from "../favorites-provider";
import { FAVORITE_MESSAGES, toEntries, type EntryPaths, type FavoriteEntry } from "../lib/favorite-entries";
import { failureMessage, logFailure } from "../../../lib/api";

const NO_ITEMS = { stories: [], creators: [], products: [], tracks: [] };

/**
 * The favorites as the header panel and the Favorites screen list them: entries by kind, whether
 * they are still loading, and removal. A removal shows at once; `tell` (an announcement or a
 * notice) says so, and says again if it could not be saved.
 */
export function useFavoriteEntries(
  paths: EntryPaths,
  tell: (text: string, tone?: NoticeTone) => void,
) {
  const { ids, count, loading: idsLoading, setFavorite } = useFavorites();
  const items = useFavoriteItems(ids);

  function remove(entry: FavoriteEntry) {
    tell(FAVORITE_MESSAGES.removed(entry.name));
    setFavorite(entry.kind, entry.id, false).catch((error: unknown) => {
      logFailure("favorite removal failed", error);
      tell(failureMessage(error, FAVORITE_MESSAGES.saveFailed), "error");
    });
  }

  return {
    count,
    loading: idsLoading || (count > 0 && items.isPending),
    sections: toEntries(items.data ?? NO_ITEMS, paths),
    remove,
  };
}
