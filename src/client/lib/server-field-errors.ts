/**
 * The server's per-field messages (ARCHITECTURE.md §5: the `fields` of an API error) as a form
 * shows them: only the form's own fields, in the form's order, so the first is the first field
 * to fix. The server checks with the same schema as the form, so the names match.
 */

/** Field name → message: an API error's `fields`, or a form's own wording for a code it knows. */
export type FieldMessages = Readonly<Record<string, string | undefined>>;

/** The messages for `names`, in that order; other keys and empty messages are left out. */
export function fieldErrorsInOrder<Name extends string>(messages: FieldMessages, names: readonly Name[]): [Name, string][] {
  return names.flatMap((name): [Name, string][] => {
    const message = Object.hasOwn(messages, name) ? messages[name] : undefined;
    return message ? [[name, message]] : [];
  });
}
