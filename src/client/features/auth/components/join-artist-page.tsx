import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import type { JoinArtistSchema } from "../../../../common/auth-schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { isApiError } from "../../../lib/api";
import { JOIN_ARTIST_MESSAGES } from "../../../../common/errors";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { useSignUpArtist } from "../api/sign-up-artist";
import { AuthCard } from "./auth-card";
import { useSiteForm } from "../../../hooks/use-site-form";

type Values = z.input<typeof JoinArtistSchema>;
type Output = z.output<typeof JoinArtistSchema>;

/** zod and the schema load when the browser is idle after the page renders, or on the first submit. */
const resolver = lazyZodResolver<Values, Output>(() => import("../../../../common/auth-schemas").then((m) => m.JoinArtistSchema));

export function joinAlertFor(error: unknown): string {
  if (!isApiError(error)) return JOIN_ARTIST_MESSAGES.registrationFailed;
  switch (error.code) {
    case "EMAIL_TAKEN":
      return JOIN_ARTIST_MESSAGES.emailTaken;
    case "WEAK_PASSWORD":
      return JOIN_ARTIST_MESSAGES.weakPassword;
    case "INVALID_EMAIL":
      return JOIN_ARTIST_MESSAGES.invalidEmail;
    case "VALIDATION_FAILED":
      return error.fields.email ? JOIN_ARTIST_MESSAGES.invalidEmail : JOIN_ARTIST_MESSAGES.registrationFailed;
    default:
      return JOIN_ARTIST_MESSAGES.registrationFailed;
  }
}

/** Join as Artist (spec §2): a normal account made from a shorter form. */
export function JoinArtistPage() {
  useDocumentTitle("Join as Artist");
  const navigate = useNavigate();
  const join = useSignUpArtist();
  const [alert, setAlert] = useState<string | null>(null);

  const { handleSubmit, formState, field } = useSiteForm<Values, Output>({ resolver, defaultValues: { displayName: "", email: "", password: "" } });
  const { errors } = formState;
  const submitting = join.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await join.mutateAsync({ displayName: values.displayName, email: values.email, password: values.password });
      await navigate(paths.home);
    } catch (error) {
      setAlert(joinAlertFor(error));
    }
  });

  return (
    <AuthCard
      title="Join as Artist"
      subtitle="Create an artist account to contribute stories, drops, and more"
      accent="yellow"
      footer={
        <p>
          <Link to={paths.signin} className="link-ink">
            Already have an account? Sign In
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
        <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
          {alert && <Alert>{alert}</Alert>}
          <TextField
            label="Display name"
            labelNote="(optional)"
            autoComplete="nickname"
            error={errors.displayName?.message}
            {...field("displayName")}
          />
          <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...field("email")} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters."
            error={errors.password?.message}
            {...field("password")}
          />
          <Button type="submit" variant="accent" size="lg" block className="mt-1">
            {submitting ? "Creating..." : "Join"}
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
