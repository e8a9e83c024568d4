/** The back office's packing-slip section (to be built). */
export function PackingSlipPage(_props: { orderId: string }) {
  return null;
}
