/**
 * The one fetch helper of the client. Every call is same-origin with the session cookie, JSON
 * (or multipart form data for uploads);
 * a non-2xx answer becomes an ApiError carrying the API's stable code and per-field messages
 * (ARCHITECTURE.md §5), so forms can put each message where it belongs.
 */
import type { ErrorCode } from "../../common/errors";
import type { ApiErrorBody, StockShortfall } from "../../common/api/error";

/** The API's codes plus two the client itself reports. */
export type ClientErrorCode = ErrorCode | "NETWORK_ERROR" | "UNKNOWN";

export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly fields: Record<string, string>;
  /** OUT_OF_STOCK from placing an order: the lines the store cannot fill. */
  readonly details: StockShortfall[];

  constructor(init: {
    status: number;
    code: ClientErrorCode;
    message: string;
    fields?: Record<string, string>;
    details?: StockShortfall[];
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.details = init.details ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Logs a failed action (a save, an order, a favorite) the app has already told the visitor about.
 * A read the page needs that fails (a list, the cart) is a fault whatever its status, and is
 * logged with console.error where it happens. A refusal the API gives by design
 * (a 4xx: sold out, signed out, a rule of the form) is an answer, not a fault, and is not logged:
 * the screen says it. Anything else (a 5xx, a dropped connection, a bug) goes to the console as an
 * error, where the browser tests and anyone debugging see it.
 */
export function logFailure(what: string, error: unknown): void {
  if (isApiError(error) && error.status < 500) return;
  console.error(what, error);
}

/**
 * A refusal: the server was reached and said no (a 4xx) in the API's own error body, whose message
 * is written for people (ARCHITECTURE.md §5): suspended, signed out, sold out, a rule of the form.
 * Not a failure to reach it (NETWORK_ERROR), a fault on its side (5xx), nor an answer without the
 * API's body (UNKNOWN: a proxy's error page).
 */
export function isRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.code !== "UNKNOWN" && error.message.trim() !== "";
}

/**
 * The one rule for what a failed action tells the person: a refusal says the server's own message,
 * so nobody is told to check a connection that worked; only a failure to reach the server or a
 * fault on its side says `otherwise` (the form's "… Check your connection and try again.").
 * A form may still put a refusal's message on a field, or word a code it knows (spec §8's texts),
 * before it falls back to this.
 */
export function failureMessage(error: unknown, otherwise: string): string {
  return isRefusal(error) ? error.message : otherwise;
}

/** The item asked for does not exist: not found, or an id no item can have (400). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequest {
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Sent as multipart/form-data instead of `body` (file uploads). The browser writes the
   * content type with its boundary, so none is set here.
   */
  form?: FormData;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** How a request leaves: the browser's fetch, or the server's own app while it renders a page. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * The server-side renderer (entry-server.tsx) answers the public reads a page needs from the
 * server's own app instead of the network. Only public data goes this way (no cookie is sent), so
 * one transport serves every render at once.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (!value || typeof value !== "object" || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return Boolean(error) && typeof error === "object" && typeof (error as { code?: unknown }).code === "string";
}

async function toApiError(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => undefined);
  if (isErrorBody(body)) {
    return new ApiError({
      status: res.status,
      code: body.error.code,
      message: body.error.message,
      fields: body.error.fields,
      details: Array.isArray(body.error.details) ? body.error.details : undefined,
    });
  }
  return new ApiError({ status: res.status, code: "UNKNOWN", message: `Request failed (${res.status}).` });
}

export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { ...request.headers, accept: "application/json" };
  let body: string | FormData | undefined;
  if (request.form !== undefined) {
    body = request.form;
  } else if (request.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body);
  }

  let res: Response;
  try {
    res = await transport(path, {
      method: request.method ?? "GET",
      headers,
      body,
      credentials: "same-origin",
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: "NETWORK_ERROR", message: NETWORK_MESSAGE });
  }

  if (!res.ok) throw await toApiError(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
