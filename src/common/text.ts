/** Checks on free text that arrives from people and clients; the same on both sides. */

/**
 * True when the text has a C0 or C1 control character or DEL (PostgreSQL cannot even store NUL),
 * apart from tabs and line breaks when `allowBreaks` (a textarea may hold them).
 */
export function hasControlCharacters(text: string, allowBreaks = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (allowBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** For zod refinements: text without control characters. */
export const plainText = (text: string) => !hasControlCharacters(text);
