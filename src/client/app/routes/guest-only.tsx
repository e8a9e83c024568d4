import { useState, type ReactNode } from "react";
import { Navigate } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";

/**
 * Subscribe, Login and Join are for visitors: whoever arrives already signed in goes on to /home,
 * replacing the entry so Back does not lead here again. While the session is unknown the page
 * shows (as the landing page does). Once the page has seen the visitor signed out, becoming
 * signed in is the page's own doing (Subscribe shows its success message, then navigates itself),
 * so the guard steps aside.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const [seenSignedOut, setSeenSignedOut] = useState(false);
  // Remembered from an earlier render (React's "storing information from previous renders").
  if (session.status === "signed-out" && !seenSignedOut) setSeenSignedOut(true);
  if (session.status === "signed-in" && !seenSignedOut) return <Navigate to={paths.home} replace />;
  return children;
}
