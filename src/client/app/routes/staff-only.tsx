import type { ReactNode } from "react";
import { hasRole, type Role } from "../../../common/roles";
import type { Profile } from "../../features/auth/api/get-me";
import { NotFound } from "../shell/not-found";
import { SignedIn } from "./signed-in";

/**
 * The back office's gate (docs/decisions/0019): signed-out visitors go to login, members and
 * creators (and curators on an admin's page) see the site's 404 page, as if nothing were here. The
 * server refuses their requests anyway; this only keeps the screens out of sight.
 */
export function StaffOnly({ role = "curator", children }: { role?: Role; children: (profile: Profile) => ReactNode }) {
  return <SignedIn>{(profile) => (hasRole(profile.role, role) ? children(profile) : <NotFound />)}</SignedIn>;
}
