import { useMutation } from "@tanstack/react-query";
import type { NewsletterInput } from "../../../../common/auth-schemas";
import { api } from "../../../lib/api";

/** POST /api/newsletter; a repeat sign-up succeeds silently. */
export function joinNewsletter(body: NewsletterInput): Promise<{ subscribed: true }> {
  return api("/api/newsletter", { method: "POST", body });
}

export function useJoinNewsletter() {
  return useMutation({ mutationFn: joinNewsletter });
}
