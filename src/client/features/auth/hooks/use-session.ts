import { useMe, type Profile } from "../api/get-me";

/**
 * Sign-in state of spec §4: "unknown" while /api/me is loading, then signed in (with the
 * profile) or signed out (/api/me answered null). An answer that cannot be read counts as
 * signed out.
 */
export type Session =
  | { status: "unknown" }
  | { status: "signed-in"; profile: Profile }
  | { status: "signed-out" };

export function useSession(): Session {
  const me = useMe();
  if (me.isPending) return { status: "unknown" };
  if (me.data) return { status: "signed-in", profile: me.data };
  return { status: "signed-out" };
}

/** Display name for the profile menu: default 'User', cut at 20 characters plus an ellipsis. */
export function displayName(profile: Pick<Profile, "username">): string {
  const name = profile.username.trim() || "User";
  return name.length > 20 ? `${name.slice(0, 20)}…` : name;
}
