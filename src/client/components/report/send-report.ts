/**
 * Sends a report (POST /api/reports) and says where each refusal goes. A plain fetch rather than
 * lib/api: the dialog's chunk importing that shared module would split the chunk every route
 * loads it in and grow them all past their budgets (docs/decisions/0013); the error body is the
 * API's one shape (common/api/error.ts).
 */
import type { ApiErrorBody } from "../../../common/api/error";
import type { ReportCreateInput } from "../../../common/api/reports";

/** A field's own message beside it, anything else above the buttons. */
export type ReportErrors = { reason?: string; note?: string; form?: string };

const FAILED = "Your report could not be sent. Please try again.";
const OFFLINE = "Could not reach the server. Check your connection and try again.";

export async function sendReport(input: ReportCreateInput): Promise<{ ok: true } | { ok: false; errors: ReportErrors }> {
  let res: Response;
  try {
    res = await fetch("/api/reports", {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(input),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, errors: { form: OFFLINE } };
  }
  if (res.ok) return { ok: true };
  const body = (await res.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined;
  const error = body?.error;
  if (!error || typeof error.message !== "string") return { ok: false, errors: { form: FAILED } };
  const { reason, note } = error.fields ?? {};
  if (error.code === "VALIDATION_FAILED" && (reason || note)) return { ok: false, errors: { reason, note } };
  // ALREADY_REPORTED, RATE_LIMITED, NOT_FOUND, signed out meanwhile: the server's own words.
  return { ok: false, errors: { form: error.message } };
}
