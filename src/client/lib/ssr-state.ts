/**
 * The state a server-rendered page carries to the browser (entry-server.tsx → main.tsx), in a
 * `<script type="application/json">` element: data, never code, so the strict CSP needs no
 * exception for it (docs/decisions/0022). A query that failed on the server (a story that does
 * not exist) travels as its API error's fields and becomes an ApiError again here, so the page
 * the browser hydrates chooses what the server chose.
 */
import { ApiError } from "./api";

export { SSR_STATE_ID } from "../../common/ssr";

interface EncodedError {
  apiError: { status: number; code: ApiError["code"]; message: string; fields: Record<string, string> };
}

export function encodeQueryError(error: unknown): EncodedError | null {
  if (!(error instanceof ApiError)) return null;
  return { apiError: { status: error.status, code: error.code, message: error.message, fields: error.fields } };
}

export function decodeQueryError(value: unknown): ApiError | null {
  if (!value || typeof value !== "object" || !("apiError" in value)) return null;
  const { status, code, message, fields } = (value as EncodedError).apiError;
  return new ApiError({ status, code, message, fields });
}
