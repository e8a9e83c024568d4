import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";
import { FavoritesPage } from "../../features/favorites/components/favorites-page";
import { playOnTheRadio } from "../../features/radio/lib/play-requests";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function FavoritesRoute() {
  useDocumentTitle("Your Favorites");
  // Liked tracks play on the radio of the signed-in header (issue 34); a visitor has no radio.
  const signedIn = useSession().status === "signed-in";
  return <FavoritesPage paths={paths} onPlayTrack={signedIn ? playOnTheRadio : undefined} />;
}
