/** PUT /api/admin/people/{userId}/role: 409 LAST_ADMIN when it would leave MAYBE without an admin. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Person } from "../../../../common/api/admin";
import type { Role } from "../../../../common/roles";
import { api } from "../../../lib/api";
import { adminKey } from "../shared/keys";

export function setRole(userId: string, role: Role): Promise<Person> {
  return api<Person>(`/api/admin/people/${encodeURIComponent(userId)}/role`, { method: "PUT", body: { role } });
}

/** After a change: the people list and the audit log are asked again. */
export function useSetRole(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => setRole(userId, role),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKey(uid) }),
  });
}
