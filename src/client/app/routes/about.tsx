import { AboutContent } from "../../features/marketing/components/about-content";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function AboutRoute() {
  useDocumentTitle("About");
  return <AboutContent />;
}
