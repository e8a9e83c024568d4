import { useState, type FormEvent } from "react";
import { NewsletterSchema, fieldErrors } from "../../../../common/auth-schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { failureMessage, isApiError } from "../../../lib/api";
import { useJoinNewsletter } from "../api/join-newsletter";

const FAILED = "We could not sign you up just now. Please try again.";

/**
 * The footer's newsletter sign-up (DECISIONS.md 6), double opt-in (docs/decisions/0031): the
 * address is on the list once the link e-mailed to it is followed. The answer is the same whether
 * or not it was on the list already.
 */
export function NewsletterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const join = useJoinNewsletter();

  function close() {
    // A fresh form next time; what was typed stays only while the dialog is open.
    setEmail("");
    setError(undefined);
    join.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = NewsletterSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    join.mutate(parsed.data, {
      onError: (failure) => setError(isApiError(failure) ? (failure.fields.email ?? undefined) : undefined),
    });
  }

  const generalError = join.isError && !error ? failureMessage(join.error, FAILED) : null;

  return (
    <Dialog open={open} onClose={close} title="Newsletter">
      {join.isSuccess ? (
        <div className="flex flex-col gap-5">
          <div role="status" className="flex flex-col gap-2">
            <p className="text-lg font-bold">Almost there! Check your inbox.</p>
            <p className="text-muted">We sent a link to confirm your address. Nothing else comes until you follow it.</p>
          </div>
          <Button onClick={close}>Done</Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <p className="text-muted">New stories, new creators and new drops, now and then. No spam, maybe.</p>
          {generalError && <Alert>{generalError}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={error}
            disabled={join.isPending}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
          <Button type="submit" disabled={join.isPending}>
            {join.isPending ? "Signing Up..." : "Sign Up"}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
