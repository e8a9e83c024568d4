/**
 * Where a failed creator application's message goes (spec §8, docs/decisions/0006): per-field
 * messages (400 VALIDATION_FAILED, 409 EMAIL_TAKEN) to their fields; anything else above the form.
 */
import { CREATOR_MESSAGES, EMPTY_CREATOR_APPLICATION } from "../../../../common/creator-schemas";
import { isApiError } from "../../../lib/api";
import { fieldErrorsInOrder, type FieldMessages } from "../../../lib/server-field-errors";

export type ApplicationField = keyof typeof EMPTY_CREATOR_APPLICATION;

/** The form's fields in its order: the first field with a message is the one focused. */
export const APPLICATION_FIELDS = Object.keys(EMPTY_CREATOR_APPLICATION) as ApplicationField[];

export type ApplicationFailure = { kind: "fields"; fields: FieldMessages } | { kind: "general"; message: string };

export function applicationFailure(error: unknown): ApplicationFailure {
  if (!isApiError(error)) return { kind: "general", message: CREATOR_MESSAGES.submitFailed };
  if (error.code === "EMAIL_TAKEN") {
    return { kind: "fields", fields: { email: error.fields.email || CREATOR_MESSAGES.emailTaken } };
  }
  if (fieldErrorsInOrder(error.fields, APPLICATION_FIELDS).length > 0) return { kind: "fields", fields: error.fields };
  // Messages written for people are passed on; anything else reads as spec §8's text.
  if (error.code === "ALREADY_CREATOR") return { kind: "general", message: CREATOR_MESSAGES.alreadyCreator };
  if (error.code === "RATE_LIMITED") return { kind: "general", message: CREATOR_MESSAGES.rateLimited };
  return { kind: "general", message: CREATOR_MESSAGES.submitFailed };
}
