/**
 * CSV downloads (RFC 4180): every field quoted, quotes doubled, lines ending CRLF. A text a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) gets a
 * leading apostrophe, so opening the file runs nothing (OWASP's CSV injection).
 */
const FORMULA = /^[=+\-@\t\r]/;

function field(value: string | number): string {
  const text = String(value);
  const safe = typeof value === "string" && FORMULA.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvOf(rows: readonly (readonly (string | number)[])[]): string {
  return `${rows.map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}
