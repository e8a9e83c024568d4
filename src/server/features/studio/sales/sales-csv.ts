/**
 * The sales report as CSV (RFC 4180): every field quoted, quotes doubled, lines ending CRLF. A
 * title a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe, so opening the file runs nothing (OWASP's CSV injection).
 */
import type { SalesReport } from "../../../../common/api/studio-sales.js";
import { formatCents } from "../../../../common/money.js";

const FORMULA = /^[=+\-@\t\r]/;

function field(value: string | number): string {
  const text = String(value);
  const safe = typeof value === "string" && FORMULA.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function salesCsv(report: SalesReport): string {
  const lines = [["Product", "Size", "Units sold", "Revenue", "Stock left"].map(field).join(",")];
  for (const row of report.rows) {
    lines.push([row.title, row.size ?? "", row.units, formatCents(row.revenue_cents), row.stock].map(field).join(","));
  }
  lines.push(["Total", "", report.units, formatCents(report.revenue_cents), ""].map(field).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
