/** The sales report as CSV (lib/csv.ts): one row per product and size, then the total. */
import type { SalesReport } from "../../../../common/api/studio-sales.js";
import { formatCents } from "../../../../common/money.js";
import { csvOf } from "../../../lib/csv.js";

export function salesCsv(report: SalesReport): string {
  return csvOf([
    ["Product", "Size", "Units sold", "Revenue", "Stock left"],
    ...report.rows.map((row) => [row.title, row.size ?? "", row.units, formatCents(row.revenue_cents), row.stock]),
    ["Total", "", report.units, formatCents(report.revenue_cents), ""],
  ]);
}
