import { useState, type ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";
import { RETURN_PARAM, safeReturnPath } from "../../lib/return-path";

/**
 * Subscribe, Login and Join are for visitors: whoever arrives already signed in goes on to /home
 * (or to the page a `?next=` names, when it is one of this site's),
 * replacing the entry so Back does not lead here again. While the session is unknown the page
 * shows (as the landing page does). Once the page has seen the visitor signed out, becoming
 * signed in is the page's own doing (Subscribe shows its success message, then navigates itself),
 * so the guard steps aside.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const [params] = useSearchParams();
  const [seenSignedOut, setSeenSignedOut] = useState(false);
  // Remembered from an earlier render (React's "storing information from previous renders").
  if (session.status === "signed-out" && !seenSignedOut) setSeenSignedOut(true);
  if (session.status === "signed-in" && !seenSignedOut) return <Navigate to={safeReturnPath(params.get(RETURN_PARAM)) ?? paths.home} replace />;
  return children;
}
