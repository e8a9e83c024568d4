import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";

/**
 * `register` for the site's forms: editing a field clears its error (spec §4), and only its own,
 * so messages for the other fields stay until the next submit.
 */
export function useClearingRegister<V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, FieldValues>, "register" | "clearErrors" | "formState">,
) {
  const { register, clearErrors, formState } = form;
  return (name: FieldPath<V>) =>
    register(name, {
      onChange: () => {
        if (formState.errors[name]) clearErrors(name);
      },
    });
}
