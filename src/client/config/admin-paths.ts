/** The back office's paths (docs/decisions/0019), apart from paths.ts so only the back office loads them. */
import { paths } from "./paths";

export const adminPaths = {
  overview: paths.admin,
  orders: `${paths.admin}/orders`,
  curation: `${paths.admin}/curation`,
  reports: `${paths.admin}/reports`,
  inventory: `${paths.admin}/inventory`,
  audit: `${paths.admin}/audit`,
  people: `${paths.admin}/people`,
} as const;

/** One order, /admin/orders/:orderId, and its printable packing slip. */
export function adminOrderPath(orderId: string): string {
  return `${adminPaths.orders}/${encodeURIComponent(orderId)}`;
}
export function adminPackingSlipPath(orderId: string): string {
  return `${adminOrderPath(orderId)}/slip`;
}
