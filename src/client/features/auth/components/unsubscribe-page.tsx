/**
 * /unsubscribe (issue 32, docs/decisions/0030): where an e-mail's Unsubscribe link lands. It only
 * says what the link will do; the button is a plain form that POSTs the link (a person's own
 * one-click unsubscribe, as a mail provider's), so it works the moment it is shown, and the server
 * sends the browser back here with `?outcome=`. Opening the link never unsubscribes by itself:
 * mail scanners open links.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { UnsubscribeState } from "../../../../common/api/unsubscribe";
import { MAIL_LIST_LABELS, UNSUBSCRIBE_MESSAGES, type MailListName } from "../../../../common/unsubscribe";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { api } from "../../../lib/api";
import { AuthCard } from "./auth-card";

const isList = (value: string | null): value is MailListName => value === "follows" || value === "newsletter";

export function UnsubscribePage({ token, outcome }: { token: string; outcome: string | null }) {
  useDocumentTitle("Unsubscribe");
  const state = useQuery({
    queryKey: ["unsubscribe", token],
    queryFn: ({ signal }) => api<UnsubscribeState>(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { signal }),
    enabled: token !== "" && outcome === null,
    retry: false,
  });
  const settings = (
    <Link to={paths.settings} className="link-ink text-center text-lg">
      Choose your e-mails in Settings
    </Link>
  );

  let body;
  if (isList(outcome) || state.data?.unsubscribed) {
    const list = isList(outcome) ? outcome : state.data!.list;
    body = <Alert tone="success">{`You are unsubscribed from ${MAIL_LIST_LABELS[list]}.`}</Alert>;
  } else if (outcome !== null || token === "" || state.isError) {
    body = <Alert tone="error">{UNSUBSCRIBE_MESSAGES.invalid}</Alert>;
  } else if (state.isPending) {
    body = (
      <p role="status" className="text-lg font-bold">
        Loading...
      </p>
    );
  } else {
    body = (
      <form method="post" action={`/api/unsubscribe?token=${encodeURIComponent(token)}`} className="flex flex-col gap-4">
        <p className="text-lg">{`Stop ${MAIL_LIST_LABELS[state.data.list]}?`}</p>
        <button type="submit" className={buttonClasses({ variant: "primary" })}>
          Unsubscribe
        </button>
      </form>
    );
  }
  return (
    <AuthCard title="Stop e-mails" subtitle="One click, and they stop. Order and account e-mails still come." accent="teal" footer={settings}>
      {body}
    </AuthCard>
  );
}
