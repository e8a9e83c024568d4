import { PlaceholderPage } from "../../components/layout/placeholder-page";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function StoreRoute() {
  useDocumentTitle("Store");
  return <PlaceholderPage title="Store" text="Merch and art made by MAYBE creators will be on sale here soon." />;
}
