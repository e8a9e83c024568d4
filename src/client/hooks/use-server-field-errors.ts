import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { isApiError, type ApiError } from "../lib/api";
import { fieldErrorsInOrder, type FieldMessages } from "../lib/server-field-errors";
import { useFocusAfterSubmit } from "./use-focus-after-submit";

/**
 * Puts the server's per-field messages on a form's fields and focuses the first of them (in the
 * form's order) once the form is enabled again. Call the result with the API error, or with the
 * form's own messages for a code it words itself; it answers whether any field got a message, so
 * the form shows a general message when none did.
 *
 * `busy` is what disables the fields while the request runs (focus waits for it to end).
 */
export function useServerFieldErrors<V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, FieldValues>, "setError" | "setFocus">,
  names: readonly FieldPath<V>[],
  busy: boolean,
) {
  const { setError, setFocus } = form;
  const focusLater = useFocusAfterSubmit<FieldPath<V>>(busy, setFocus);
  return (source: ApiError | FieldMessages): boolean => {
    const errors = fieldErrorsInOrder(isApiError(source) ? source.fields : source, names);
    for (const [name, message] of errors) setError(name, { type: "server", message });
    if (errors.length > 0) focusLater(errors[0]![0]);
    return errors.length > 0;
  };
}
