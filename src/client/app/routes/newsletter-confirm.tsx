import { useSearchParams } from "react-router";
import { NewsletterConfirmPage } from "../../features/auth/components/newsletter-confirm-page";

/**
 * /newsletter/confirm?token=…: the newsletter's confirmation link (docs/decisions/0031); the
 * server sends the form's post back here with ?outcome=. A module of its own, like /unsubscribe.
 */
export function NewsletterConfirmRoute() {
  const [params] = useSearchParams();
  return <NewsletterConfirmPage token={params.get("token") ?? ""} outcome={params.get("outcome")} />;
}
