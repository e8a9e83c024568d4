/** Checks on free text that arrives from clients. */

/** True when the text has a C0 control character or DEL; PostgreSQL refuses NUL in text outright. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** For zod refinements: text without control characters. */
export const plainText = (text: string) => !hasControlCharacters(text);
