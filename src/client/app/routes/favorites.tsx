import { paths } from "../../config/paths";
import { FavoritesPage } from "../../features/favorites/components/favorites-page";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function FavoritesRoute() {
  useDocumentTitle("Your Favorites");
  return <FavoritesPage paths={paths} />;
}
