import { PlaceholderPage } from "../../components/layout/placeholder-page";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function StoriesRoute() {
  useDocumentTitle("Stories");
  return <PlaceholderPage title="Stories" text="Stories from independent creators, and the places they come from, are on their way." />;
}
