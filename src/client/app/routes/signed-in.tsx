import { useState, type ReactNode } from "react";
import { Navigate } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";
import type { Profile } from "../../features/auth/api/get-me";

/**
 * The gate of the signed-in screens (orders, settings, the studio): 'Loading...' while the session
 * is unknown, a visitor who arrives signed out goes to login, everyone else sees the page with
 * their profile. A session that ends while the page is open (Sign Out, or a sign-out in another
 * tab) leaves for /, where Sign Out goes (spec §2): sent to login, this gate's navigation overtook
 * the one Sign Out had started to / (which waits for the landing page's code), and Sign Out from
 * /settings or /orders landed on /login.
 */
export function SignedIn({ children }: { children: (profile: Profile) => ReactNode }) {
  const session = useSession();
  const [hadSession, setHadSession] = useState(false);
  if (session.status === "signed-in" && !hadSession) setHadSession(true);
  if (session.status === "unknown") {
    return (
      <p role="status" className="px-4 py-24 text-center text-lg font-bold">
        Loading...
      </p>
    );
  }
  if (session.status === "signed-out") return <Navigate to={hadSession ? paths.landing : paths.login} replace />;
  return children(session.profile);
}
