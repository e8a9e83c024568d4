/** The one way handlers report a failure: thrown, then shaped by app.onError (ARCHITECTURE.md §5). */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../common/errors.js";
import type { ApiErrorBody, StockShortfall } from "../../common/api/error.js";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: StockShortfall[],
  ) {
    super(message);
  }

  body(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export function errorResponse(c: Context, error: ApiError): Response {
  // A 503 is temporary: tell clients and load balancers when it is worth asking again.
  if (error.status === 503) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return c.json(error.body(), error.status);
}

const RETRY_AFTER_SECONDS = 5;

/** The answer while the database cannot serve (down, restarting, unreachable, busy). */
export function databaseUnavailable(reason: string): ApiError {
  return new ApiError(
    503,
    "UNAVAILABLE",
    `The site is temporarily unavailable: the database cannot be reached (${reason}). Please try again in a moment.`,
  );
}

export function validationError(fields: Record<string, string>): ApiError {
  const first = Object.values(fields)[0] ?? "The request is not valid.";
  return new ApiError(400, "VALIDATION_FAILED", first, fields);
}
