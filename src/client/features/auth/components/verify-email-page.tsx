import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { isApiError } from "../../../lib/api";
import { useAccountMessage, useVerifyEmail } from "../api/account-links";
import { AuthCard } from "./auth-card";

/** The server's sentence; a link without a token has none, so the page loads the text. */
const FAILED = "Something went wrong. Please try again.";

type Outcome = { ok: boolean; message: string | null };

/**
 * The e-mailed confirmation link lands here and sends its token once: it confirms the address of
 * a new account, or a new address chosen in Settings. `signedIn` picks where to go next.
 */
export function VerifyEmailPage({ token, signedIn, onVerified }: { token: string; signedIn: boolean; onVerified: () => void }) {
  useDocumentTitle("Confirm your email");
  const verify = useVerifyEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, message: null });
  const invalidText = useAccountMessage("invalidVerifyLink", outcome !== null && outcome.message === null);
  // A token works once: the effect must not send it twice (React runs mount effects twice in development).
  const sent = useRef(false);
  const { mutateAsync } = verify;

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutateAsync({ token }).then(
      (done) => {
        setOutcome({ ok: true, message: done.message });
        onVerified();
      },
      (error: unknown) => {
        // INVALID_TOKEN's sentence, or the token field's; anything else is a plain failure.
        const message = isApiError(error) ? (error.fields.token ?? error.message) : FAILED;
        setOutcome({ ok: false, message: isApiError(error) && error.code === "INTERNAL" ? FAILED : message });
      },
    );
  }, [token, mutateAsync, onVerified]);

  return (
    <AuthCard title="Confirm your email" subtitle="One click and your address is confirmed." accent="yellow">
      {outcome === null ? (
        <p role="status" className="text-lg font-bold">
          Confirming...
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          {(outcome.message ?? invalidText) && <Alert tone={outcome.ok ? "success" : "error"}>{outcome.message ?? invalidText}</Alert>}
          {outcome.ok ? (
            <Link to={signedIn ? paths.home : paths.login} className="link-ink text-center text-lg">
              {signedIn ? "Continue to Home" : "Sign in"}
            </Link>
          ) : (
            <Link to={signedIn ? paths.settings : paths.login} className="link-ink text-center text-lg">
              {signedIn ? "Send a new link from Settings" : "Sign in to ask for a new link"}
            </Link>
          )}
        </div>
      )}
    </AuthCard>
  );
}
