import { useSearchParams } from "react-router";
import { UnsubscribePage } from "../../features/auth/components/unsubscribe-page";

/**
 * /unsubscribe?token=…: an e-mail's unsubscribe link (docs/decisions/0030); the server sends the
 * form's post back here with ?outcome=. A module of its own: sign-in never loads it.
 */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return <UnsubscribePage token={params.get("token") ?? ""} outcome={params.get("outcome")} />;
}
