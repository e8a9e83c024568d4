import { useEffect } from "react";
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from "react-hook-form";
import type { LazyResolver } from "../lib/lazy-resolver";
import { whenIdle } from "../lib/when-idle";
import { useClearingRegister } from "./use-clearing-register";
import { useServerFieldErrors } from "./use-server-field-errors";

export interface SiteFormOptions<V extends FieldValues, O> {
  /** The form's zod schema, loaded after the page (lib/lazy-resolver.ts); fetched once the page is idle. */
  resolver: LazyResolver<V, O>;
  defaultValues: DefaultValues<V>;
  /** The fields the server may put a message on, in the form's order (the first gets focus). */
  serverFields?: readonly FieldPath<V>[];
  /** What disables the fields while the request runs (focus waits for it); the form's own submit state unless told. */
  submitting?: boolean;
}

/**
 * A form of the site, wired one way: react-hook-form validating on submit only (spec §4), its
 * schema loaded lazily and prefetched when the page is idle, `field()` registering a field whose
 * edit clears its own message, and `showFieldErrors()` putting the server's messages beside their
 * fields. The result is react-hook-form's with those two added.
 */
export function useSiteForm<V extends FieldValues, O = V>({ resolver, defaultValues, serverFields = [], submitting }: SiteFormOptions<V, O>) {
  useEffect(() => whenIdle(resolver.prefetch), [resolver]);
  const form = useForm<V, unknown, O>({ resolver, mode: "onSubmit", reValidateMode: "onSubmit", defaultValues });
  const field = useClearingRegister<V>(form);
  const showFieldErrors = useServerFieldErrors<V>(form, serverFields, submitting ?? form.formState.isSubmitting);
  return { ...form, field, showFieldErrors };
}
