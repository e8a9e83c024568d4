/**
 * The creator application modal (spec §2, §4, §5, §8): a form in three sections, checked on
 * submit by the schema the server uses, then the success view. Approval is immediate.
 */
import { PartyPopper } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { CreatorApplicationSchema, EMPTY_CREATOR_APPLICATION } from "../../../../common/creator-schemas";
import { ArtistInformationFields, CreatorPlaceFields } from "../../../components/creator-form/creator-fields";
import { FormSection } from "../../../components/creator-form/form-section";
import { OptionalCreatorFields } from "../../../components/creator-form/optional-fields";
import { SELECT_STATE_FIRST } from "../../../components/creator-form/place-fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { useSiteForm } from "../../../hooks/use-site-form";
import { useApplyCreator } from "../api/apply-creator";
import { APPLICATION_FIELDS, applicationFailure } from "../lib/application-errors";
import type { Creator, CreatorApplication, CreatorApplicationInput } from "../types";
import { logFailure } from "../../../lib/api";

export const APPLICATION_TEXT = {
  title: "CREATOR APPLICATION",
  subtitle: "Join the party, maybe?",
  submit: "Submit Application",
  submitting: "Submitting...",
  emailFromAccount: "Email automatically filled from your account",
  selectStateFirst: SELECT_STATE_FIRST,
  successTitle: "SUCCESS!",
  successWelcome: "Welcome to the MAYBE creator community",
  successMessage: "Congratulations! You've been approved as a MAYBE Creator and can now start sharing your stories.",
  getStarted: "Get Started",
} as const;

type Values = CreatorApplicationInput;

export interface CreatorApplicationDialogProps {
  open: boolean;
  /** The modal closed; `approved` when it closed from the success view. */
  onClose: (approved: boolean) => void;
  /** The signed-in account's email: the field is then read-only and prefilled. */
  accountEmail: string | null;
  /** After approval, once the directory is refetched (e.g. to refresh the profile). */
  onApproved?: (creator: Creator) => void | Promise<void>;
}

export function CreatorApplicationDialog({ open, onClose, accountEmail, onApproved }: CreatorApplicationDialogProps) {
  const apply = useApplyCreator(onApproved);
  const approved = apply.isSuccess;

  function close() {
    // Spec §4: closing resets everything. The form unmounts with the dialog's content.
    apply.reset();
    onClose(approved);
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!apply.isPending}
      title={APPLICATION_TEXT.title}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto! sm:w-[min(46rem,calc(100vw-2rem))]"
    >
      {open &&
        (approved ? (
          <SuccessView onDone={close} />
        ) : (
          <ApplicationForm
            accountEmail={accountEmail}
            submitting={apply.isPending}
            submit={(application) => apply.mutateAsync(application)}
          />
        ))}
    </Dialog>
  );
}

function SuccessView({ onDone }: { onDone: () => void }) {
  return (
    <div className="flex flex-col items-center gap-5 py-4 text-center" data-testid="application-success">
      <span className="inline-flex size-20 items-center justify-center rounded-full border-[3px] border-ink bg-teal shadow-hard">
        <PartyPopper aria-hidden="true" className="size-10" strokeWidth={2.25} />
      </span>
      <div role="status" className="flex flex-col items-center gap-4">
        <h3 className="flex flex-col gap-2">
          <span className="font-heavy text-5xl text-shadow-[0.05em_0.05em_0_#ff3d7f] sm:text-6xl">{APPLICATION_TEXT.successTitle}</span>{" "}
          <span className="font-heavy text-xl sm:text-2xl">{APPLICATION_TEXT.successWelcome}</span>
        </h3>
        <p className="max-w-md text-lg text-muted">{APPLICATION_TEXT.successMessage}</p>
      </div>
      {/* The form, and the submit button that had focus, are gone: focus moves to the way on. */}
      <Button autoFocus size="lg" onClick={onDone}>
        {APPLICATION_TEXT.getStarted}
      </Button>
    </div>
  );
}

interface ApplicationFormProps {
  accountEmail: string | null;
  submitting: boolean;
  /** Sends the application; rejects with the API's error. */
  submit: (application: CreatorApplication) => Promise<unknown>;
}

/** The dialog already holds the schema's module (its constants); the resolver loads on idle or first submit. */
const resolver = lazyZodResolver<Values, CreatorApplication>(async () => CreatorApplicationSchema);

function ApplicationForm({ accountEmail, submitting, submit }: ApplicationFormProps) {
  const [generalError, setGeneralError] = useState<string | null>(null);
  const generalRef = useRef<HTMLDivElement>(null);

  const form = useSiteForm<Values, CreatorApplication>({
    resolver,
    defaultValues: { ...EMPTY_CREATOR_APPLICATION, email: accountEmail ?? "" },
    serverFields: APPLICATION_FIELDS,
    submitting,
  });
  const { handleSubmit, setFocus, setValue, formState, field, showFieldErrors } = form;
  const { errors } = formState;

  // A signed-in applicant applies with the account's email (the server checks it too).
  useEffect(() => {
    if (accountEmail) setValue("email", accountEmail);
  }, [accountEmail, setValue]);

  // The dialog opens after this mounts: start at the first field once it is showing.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFocus("first_name"));
    return () => cancelAnimationFrame(frame);
  }, [setFocus]);

  useEffect(() => {
    if (generalError) generalRef.current?.scrollIntoView({ block: "nearest" });
  }, [generalError]);

  const onSubmit = handleSubmit(async (application) => {
    setGeneralError(null);
    try {
      await submit(application);
    } catch (error) {
      logFailure("creator application failed", error);
      const failure = applicationFailure(error);
      if (failure.kind === "fields") showFieldErrors(failure.fields);
      else setGeneralError(failure.message);
    }
  });

  const ids = { subtitle: useId() };

  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={ids.subtitle} aria-busy={submitting || undefined}>
      <p id={ids.subtitle} className="-mt-2 mb-5 text-lg font-bold text-muted">
        {APPLICATION_TEXT.subtitle}
      </p>
      <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-7 border-0 p-0">
        {generalError && (
          <div ref={generalRef}>
            <Alert>{generalError}</Alert>
          </div>
        )}

        <FormSection title="Personal Information">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" required error={errors.first_name?.message} {...field("first_name")} />
            <TextField label="Last name" autoComplete="family-name" required error={errors.last_name?.message} {...field("last_name")} />
          </div>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            readOnly={accountEmail !== null}
            hint={accountEmail !== null ? APPLICATION_TEXT.emailFromAccount : undefined}
            error={errors.email?.message}
            {...field("email")}
          />
          <CreatorPlaceFields form={form} field={field} />
        </FormSection>

        <ArtistInformationFields form={form} field={field} />

        <OptionalCreatorFields field={field} errors={errors} />

        <Button type="submit" size="lg" block>
          {submitting ? APPLICATION_TEXT.submitting : APPLICATION_TEXT.submit}
        </Button>
      </fieldset>
    </form>
  );
}
