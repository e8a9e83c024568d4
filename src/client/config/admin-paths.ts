/** The back office's paths (docs/decisions/0019), apart from paths.ts so only the back office loads them. */
import { paths } from "./paths";

export const adminPaths = {
  overview: paths.admin,
  orders: `${paths.admin}/orders`,
  curation: `${paths.admin}/curation`,
  reports: `${paths.admin}/reports`,
  comments: `${paths.admin}/comments`,
  radio: `${paths.admin}/radio`,
  stats: `${paths.admin}/stats`,
  inventory: `${paths.admin}/inventory`,
  products: `${paths.admin}/products`,
  audit: `${paths.admin}/audit`,
  people: `${paths.admin}/people`,
  mail: `${paths.admin}/mail`,
  newsletter: `${paths.admin}/newsletter`,
} as const;

/** A newsletter issue, /admin/newsletter/:issueId (`new` starts one). */
export const NEW_ISSUE = "new";
export function adminNewsletterIssuePath(issueId: string): string {
  return `${adminPaths.newsletter}/${encodeURIComponent(issueId)}`;
}

/** One order, /admin/orders/:orderId, and its printable packing slip. */
export function adminOrderPath(orderId: string): string {
  return `${adminPaths.orders}/${encodeURIComponent(orderId)}`;
}
export function adminPackingSlipPath(orderId: string): string {
  return `${adminOrderPath(orderId)}/slip`;
}

/** One of the house's products, /admin/products/:productId (`new` starts one). */
export function adminProductPath(productId: string): string {
  return `${adminPaths.products}/${encodeURIComponent(productId)}`;
}
