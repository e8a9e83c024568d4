import { useEffect, useState } from "react";
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from "react-hook-form";
import { useClearingRegister } from "../../../hooks/use-clearing-register";
import { useServerFieldErrors } from "../../../hooks/use-server-field-errors";
import { failureMessage, isApiError } from "../../../lib/api";
import type { LazyResolver } from "../../../lib/lazy-resolver";
import { whenIdle } from "../../../lib/when-idle";
import { SETTINGS_TEXT } from "../lib/texts";

/**
 * One Settings form: validated on submit with its shared schema (loaded when the browser is idle),
 * fields cleared of their message as they are edited, and a failed request shown where it belongs —
 * on the fields the server named, on the field a code belongs to (`fieldOf`, e.g. WRONG_PASSWORD on
 * the password), or above the form: a refusal in the server's own words (a rate limit, a session
 * that ended), a general sentence only when the server was not reached or failed (lib/api.ts).
 * `busy` is what disables the fields while a request runs.
 */
export function useSettingsForm<V extends FieldValues, Out>(options: {
  resolver: LazyResolver<V, Out>;
  defaultValues: DefaultValues<V>;
  fields: readonly FieldPath<V>[];
  busy: boolean;
  fieldOf?: Readonly<Record<string, FieldPath<V>>>;
}) {
  const { resolver, defaultValues, fields, busy, fieldOf } = options;
  const [generalError, setGeneralError] = useState<string | null>(null);
  useEffect(() => whenIdle(resolver.prefetch), [resolver]);
  const form = useForm<V, unknown, Out>({ resolver, mode: "onSubmit", reValidateMode: "onSubmit", defaultValues });
  const field = useClearingRegister<V>(form);
  const showFieldErrors = useServerFieldErrors<V>(form, fields, busy);

  function showError(error: unknown): void {
    if (isApiError(error)) {
      if (showFieldErrors(error)) return;
      const name = fieldOf?.[String(error.code)];
      if (name && showFieldErrors({ [name]: error.message })) return;
    }
    setGeneralError(failureMessage(error, SETTINGS_TEXT.failed));
  }

  return { form, errors: form.formState.errors, field, generalError, clearGeneralError: () => setGeneralError(null), showError };
}
