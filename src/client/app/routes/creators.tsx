import { PlaceholderPage } from "../../components/layout/placeholder-page";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function CreatorsRoute() {
  useDocumentTitle("Creators");
  return <PlaceholderPage title="Creators" text="The directory of MAYBE creators is being put together." />;
}
