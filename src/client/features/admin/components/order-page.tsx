/** The back office's order section (to be built). */
export function OrderPage(_props: { orderId: string }) {
  return null;
}
