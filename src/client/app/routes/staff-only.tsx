import type { ReactNode } from "react";
import { hasRole, type Role } from "../../../common/roles";
import type { Profile } from "../../features/auth/api/get-me";
import { useSession } from "../../features/auth/hooks/use-session";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { NotFound } from "../shell/not-found";

/**
 * The back office's gate (docs/decisions/0019): the screen for staff whose role opens it; for
 * anyone else (a visitor, a member, a creator, a curator on an admin's page) the site's 404 page,
 * as if nothing were here, which is what the server answers them too (404, pages.ts). The tab's
 * title names the section only once the gate has let the viewer in. The API refuses their
 * requests anyway; this keeps the screens out of sight.
 */
export function StaffOnly({ role = "curator", title, children }: { role?: Role; title: string; children: (profile: Profile) => ReactNode }) {
  const session = useSession();
  if (session.status === "unknown") {
    return (
      <p role="status" className="px-4 py-24 text-center text-lg font-bold">
        Loading...
      </p>
    );
  }
  if (session.status === "signed-out" || !hasRole(session.profile.role, role)) return <NotFound />;
  return <Titled title={title}>{children(session.profile)}</Titled>;
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}
