import { ContactContent } from "../../features/marketing/components/contact-content";
import { useSiteConfig } from "../../features/system/api/get-config";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function ContactRoute() {
  useDocumentTitle("Contact");
  const config = useSiteConfig();
  return <ContactContent email={config.data?.contactEmail} />;
}
