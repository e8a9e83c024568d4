/** The back office's orders section (to be built). */
export function OrdersPage() {
  return null;
}
