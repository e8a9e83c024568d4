/**
 * Links that reach a page from stored data (image sources, creators' websites). Input is checked
 * when it arrives (isWebUrl in creator-schemas.ts), but rows can come from elsewhere (the seed, an
 * import, an older version): the API sends a link only when a browser would treat it as a web
 * address, so no page ever renders a javascript:, data: or vbscript: URL from data.
 */
import { isWebUrl } from "./creator-fields.js";
import { hasControlCharacters } from "./text.js";

/** A path on this site (`/media/x.svg`): one leading slash, not `//host`, no backslash or spaces. */
function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value) && !hasControlCharacters(value);
}

/** The link if it is http(s) or a path on this site; otherwise null, as if none were stored. */
export function safeLink(value: string | null | undefined): string | null {
  if (!value) return null;
  return isWebUrl(value) || isSitePath(value) ? value : null;
}
