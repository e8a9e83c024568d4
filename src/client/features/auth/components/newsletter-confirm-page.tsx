/**
 * /newsletter/confirm (docs/decisions/0031): where the newsletter's confirmation link lands. It
 * says which address the link confirms; the button is a plain form that POSTs the link, so it
 * works the moment it is shown, and the server sends the browser back here with `?outcome=`.
 * Opening the link never confirms by itself: mail scanners open links.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { NewsletterConfirmState } from "../../../../common/api/newsletter";
import { NEWSLETTER_MESSAGES } from "../../../../common/newsletter";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { AuthCard } from "./auth-card";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { api } from "../../../lib/api";

export function NewsletterConfirmPage({ token, outcome }: { token: string; outcome: string | null }) {
  useDocumentTitle("Newsletter");
  const state = useQuery({
    queryKey: ["newsletter-confirm", token],
    queryFn: ({ signal }) => api<NewsletterConfirmState>(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`, { signal }),
    enabled: token !== "" && outcome === null,
    retry: false,
  });

  let body;
  if (outcome === "confirmed" || state.data?.confirmed) {
    body = <Alert tone="success">You are on the MAYBE newsletter. New stories, new creators and new drops, now and then.</Alert>;
  } else if (outcome !== null || token === "" || state.isError) {
    body = <Alert tone="error">{NEWSLETTER_MESSAGES.invalid}</Alert>;
  } else if (state.isPending) {
    body = (
      <p role="status" className="text-lg font-bold">
        Loading...
      </p>
    );
  } else {
    body = (
      <form method="post" action={`/api/newsletter/confirm?token=${encodeURIComponent(token)}`} className="flex flex-col gap-4">
        <p className="text-lg">
          Send the newsletter to <strong className="break-all">{state.data.email}</strong>?
        </p>
        <button type="submit" className={buttonClasses({ variant: "primary" })}>
          Confirm
        </button>
      </form>
    );
  }
  return (
    <AuthCard
      title="Newsletter"
      subtitle="One click to confirm your address."
      accent="teal"
      footer={
        <Link to={paths.stories} className="link-ink text-center text-lg">
          Read the stories
        </Link>
      }
    >
      {body}
    </AuthCard>
  );
}
