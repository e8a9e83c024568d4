/** Query keys of the back office: under the signed-in user (lib/query-client.ts), so signing out drops them. */
import { userKey } from "../../../lib/query-client";

export const adminKey = (uid: string, ...parts: string[]) => userKey(uid, "admin", ...parts);

/** A query string of the given parameters, leaving out the empty ones ("" when none). */
export function queryString(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}
