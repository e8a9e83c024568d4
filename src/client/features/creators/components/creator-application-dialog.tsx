/**
 * The creator application modal (spec §2, §4, §5, §8): a form in three sections, checked on
 * submit by the schema the server uses, then the success view. Approval is immediate.
 */
import { clsx } from "clsx";
import { Check, PartyPopper } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { whenIdle } from "../../../lib/when-idle";
import { Controller, useForm } from "react-hook-form";
import {
  ART_DISCIPLINES,
  BIO_MAX_WORDS,
  CreatorApplicationSchema,
  EMPTY_CREATOR_APPLICATION,
  countWords,
  disciplineLabel,
  type ArtDiscipline,
} from "../../../../common/creator-schemas";
import { US_STATES, findState, stateOptionLabel } from "../../../../common/us-states";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { useClearingRegister } from "../../../hooks/use-clearing-register";
import { useServerFieldErrors } from "../../../hooks/use-server-field-errors";
import { useApplyCreator } from "../api/apply-creator";
import { APPLICATION_FIELDS, applicationFailure } from "../lib/application-errors";
import type { Creator, CreatorApplication, CreatorApplicationInput } from "../types";

export const APPLICATION_TEXT = {
  title: "CREATOR APPLICATION",
  subtitle: "Join the party, maybe?",
  submit: "Submit Application",
  submitting: "Submitting...",
  emailFromAccount: "Email automatically filled from your account",
  selectStateFirst: "Select a state first",
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
  useEffect(() => whenIdle(resolver.prefetch), []);
  const generalRef = useRef<HTMLDivElement>(null);

  const form = useForm<Values, unknown, CreatorApplication>({
    resolver,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    defaultValues: { ...EMPTY_CREATOR_APPLICATION, email: accountEmail ?? "" },
  });
  const { register, handleSubmit, setError, clearErrors, setFocus, setValue, watch, control, formState } = form;
  const { errors } = formState;
  const field = useClearingRegister<Values>(form);
  const showFieldErrors = useServerFieldErrors<Values>({ setError, setFocus }, APPLICATION_FIELDS, submitting);

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

  const stateCode = watch("state");
  const state = findState(stateCode);
  const bio = watch("bio");
  const words = countWords(bio);

  const onSubmit = handleSubmit(async (application) => {
    setGeneralError(null);
    try {
      await submit(application);
    } catch (error) {
      console.error("creator application failed", error);
      const failure = applicationFailure(error);
      if (failure.kind === "fields") showFieldErrors(failure.fields);
      else setGeneralError(failure.message);
    }
  });

  const ids = { subtitle: useId(), disciplines: useId(), disciplinesError: useId() };

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

        <Section title="Personal Information">
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
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="State"
              required
              error={errors.state?.message}
              {...register("state", {
                // Spec §4: a new state empties the city; editing clears both messages.
                onChange: () => {
                  setValue("city", "");
                  clearErrors(["state", "city"]);
                },
              })}
            >
              <option value="">Select a state</option>
              {US_STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {stateOptionLabel(s)}
                </option>
              ))}
            </SelectField>
            <SelectField label="City" required disabled={!state} error={errors.city?.message} {...field("city")}>
              <option value="">{state ? "Select a city" : APPLICATION_TEXT.selectStateFirst}</option>
              {state?.cities.map((city) => (
                <option key={city} value={city}>
                  {city}
                </option>
              ))}
            </SelectField>
          </div>
        </Section>

        <Section title="Artist Information">
          <TextAreaField
            label="Bio"
            required
            rows={5}
            placeholder="Tell us about you and your work."
            hint={`${words} / ${BIO_MAX_WORDS} words`}
            error={errors.bio?.message}
            {...field("bio")}
          />
          <Controller
            control={control}
            name="art_type"
            render={({ field: disciplines, fieldState }) => {
              const chosen = new Set(disciplines.value ?? []);
              const toggle = (d: ArtDiscipline) => {
                const next = ART_DISCIPLINES.filter((x) => (x === d ? !chosen.has(x) : chosen.has(x)));
                disciplines.onChange(next);
                if (fieldState.error) clearErrors("art_type");
              };
              return (
                <div
                  role="group"
                  aria-labelledby={ids.disciplines}
                  aria-describedby={fieldState.error ? ids.disciplinesError : undefined}
                  className="flex flex-col gap-2"
                >
                  <p id={ids.disciplines} className="text-sm font-bold tracking-wide text-ink uppercase">
                    Art Disciplines{" "}
                    <span className="ml-0.5 font-normal normal-case text-muted">(choose one or more)</span>
                  </p>
                  <ul className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-2">
                    {ART_DISCIPLINES.map((d, i) => {
                      const pressed = chosen.has(d);
                      return (
                        <li key={d}>
                          <button
                            type="button"
                            ref={i === 0 ? disciplines.ref : undefined}
                            aria-pressed={pressed}
                            onClick={() => toggle(d)}
                            className={clsx(
                              "flex min-h-11 w-full items-center gap-2 rounded-md border-[3px] px-3 py-1.5 text-left font-bold capitalize",
                              "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px disabled:cursor-not-allowed disabled:opacity-70",
                              fieldState.error ? "border-danger" : "border-ink",
                              pressed ? "bg-yellow shadow-hard-sm" : "bg-white hover:bg-yellow-soft",
                            )}
                          >
                            <span
                              aria-hidden="true"
                              className={clsx(
                                "inline-flex size-5 shrink-0 items-center justify-center rounded-sm border-2 border-ink",
                                pressed ? "bg-ink text-paper" : "bg-white",
                              )}
                            >
                              {pressed && <Check className="size-3.5" strokeWidth={4} />}
                            </span>
                            {disciplineLabel(d)}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                  {fieldState.error && (
                    <p id={ids.disciplinesError} className="text-sm font-semibold text-danger">
                      {fieldState.error.message}
                    </p>
                  )}
                </div>
              );
            }}
          />
        </Section>

        <Section title="Optional Information">
          <TextField
            label="Instagram handle"
            labelNote="(optional)"
            autoComplete="off"
            placeholder="@yourhandle"
            error={errors.instagram?.message}
            {...field("instagram")}
          />
          <TextField
            label="Website URL"
            labelNote="(optional)"
            type="url"
            autoComplete="url"
            placeholder="https://"
            error={errors.website?.message}
            {...field("website")}
          />
          <TextField
            label="Profile image URL"
            labelNote="(optional)"
            type="url"
            autoComplete="off"
            placeholder="https://"
            error={errors.image_url?.message}
            {...field("image_url")}
          />
        </Section>

        <Button type="submit" size="lg" block>
          {submitting ? APPLICATION_TEXT.submitting : APPLICATION_TEXT.submit}
        </Button>
      </fieldset>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-5 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard-sm sm:p-5">
      <legend className="-ml-1 rounded-sm border-[3px] border-ink bg-yellow px-2 py-0.5 text-sm font-black tracking-wider uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
