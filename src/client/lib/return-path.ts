/**
 * Where a visitor goes back to after subscribing or signing in, carried as `?next=` (a shared
 * product's 'Subscribe to Shop' returns to that product). Only a path on this site is ever
 * followed: anything that could lead elsewhere (`//host`, `/\host`, a scheme, control
 * characters) or back to the account forms themselves is ignored, and the default applies.
 */
export const RETURN_PARAM = "next";

const MAX_LENGTH = 2000;
/** The forms a return path must not lead back to (a loop). */
const FORMS = new Set(["/subscribe", "/login", "/join", "/signin"]);
const PROBE_ORIGIN = "http://return.invalid";

/** The path (with its query and fragment) to return to, or null when `value` is not a safe one. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  // One leading slash and no backslash: browsers read `\` as `/`, so `/\evil.example` is another host.
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are dropped or misread by URL parsers
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (FORMS.has(url.pathname.toLowerCase().replace(/\/+$/, ""))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` carrying where to return to afterwards (unchanged without one). */
export function withReturnPath(path: string, next: string | null | undefined): string {
  const safe = safeReturnPath(next);
  return safe ? `${path}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : path;
}
