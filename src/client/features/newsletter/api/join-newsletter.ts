import { useMutation } from "@tanstack/react-query";
import type { NewsletterJoined } from "../../../../common/api/newsletter";
import type { NewsletterInput } from "../../../../common/auth-schemas";
import { api } from "../../../lib/api";

/** POST /api/newsletter: a confirmation link goes to the address; a repeat sign-up is answered the same. */
export function joinNewsletter(body: NewsletterInput): Promise<NewsletterJoined> {
  return api("/api/newsletter", { method: "POST", body });
}

export function useJoinNewsletter() {
  return useMutation({ mutationFn: joinNewsletter });
}
