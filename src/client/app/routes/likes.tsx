import { PlaceholderPage } from "../../components/layout/placeholder-page";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function LikesRoute() {
  useDocumentTitle("Your Favorites");
  return <PlaceholderPage title="Your Favorites" text="The stories, creators and store items you like will be gathered here." />;
}
