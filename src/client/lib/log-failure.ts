import { isApiError } from "./api";

/**
 * Logs a failure the app has already told the visitor about. A refusal the API gives by design
 * (a 4xx: sold out, signed out, a rule of the form) is an answer, not a fault, and is not logged:
 * the screen says it. Anything else (a 5xx, a dropped connection, a bug) goes to the console as an
 * error, where the browser tests and anyone debugging see it.
 */
export function logFailure(what: string, error: unknown): void {
  if (isApiError(error) && error.status < 500) return;
  console.error(what, error);
}
