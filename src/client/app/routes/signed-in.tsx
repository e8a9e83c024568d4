import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";
import type { Profile } from "../../features/auth/api/get-me";

/**
 * The gate of the signed-in screens (orders, the studio): 'Loading...' while the session is
 * unknown, signed-out visitors go to login, everyone else sees the page with their profile.
 */
export function SignedIn({ children }: { children: (profile: Profile) => ReactNode }) {
  const session = useSession();
  if (session.status === "unknown") {
    return (
      <p role="status" className="px-4 py-24 text-center text-lg font-bold">
        Loading...
      </p>
    );
  }
  if (session.status === "signed-out") return <Navigate to={paths.login} replace />;
  return children(session.profile);
}
