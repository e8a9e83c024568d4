/** The back office's orders screens: their texts, in one place for the pages and the browser tests. */
import type { PaymentStatus } from "../../../../common/orders";

export const ORDERS_TEXT = {
  statusNav: "Orders by status",
  all: "All",
  searchLabel: "Search orders",
  searchPlaceholder: "Order number or e-mail",
  search: "Search",
  clear: "Clear",
  loading: "Loading orders...",
  failed: "The orders could not be loaded.",
  tryAgain: "Try Again",
  none: "No orders yet.",
  noMatch: "No orders match.",
  loadMore: "Load More Orders",
  loadingMore: "Loading...",
  listLabel: "Orders",
  searched: (q: string) => `Orders matching “${q}”`,
} as const;

export const ORDER_TEXT = {
  back: "All orders",
  loading: "Loading order...",
  failed: "This order could not be loaded.",
  packingSlip: "Packing Slip",
  actions: "Actions",
  noActions: "Nothing more can be done to this order.",
  items: "Items",
  shipTo: "Ship to",
  contact: "Contact",
  account: "Account",
  /** Where the account was: the buyer deleted it, the order stays (decision 0020). */
  deletedAccount: "Deleted account",
  payment: "Payment",
  timeline: "Timeline",
  working: "Saving...",
  moveFailed: "That did not go through. Please try again.",
  shipTitle: (id: string) => `Ship order ${id}`,
  shipSubmit: "Ship Order",
  shipping: "Shipping...",
  notYet: "Not Yet",
  carrier: "Carrier",
  carrierPlaceholder: "Choose a carrier",
  trackingNumber: "Tracking number",
  trackingHint: "Spaces are fine; they are taken out.",
  shipHint: "The buyer gets an e-mail with the tracking link.",
  cancelTitle: (id: string) => `Cancel order ${id}?`,
  cancelConfirm: "Yes, Cancel Order",
  cancelBody: (total: string) =>
    `The order (${total}) is cancelled, its invoice void, and its items go back to the store. The buyer gets an e-mail. This cannot be undone.`,
  refundTitle: (id: string) => `Refund order ${id}?`,
  refundConfirm: "Yes, Refund",
  refundBody: (total: string) =>
    `${total} is marked refunded and the items go back to the store's stock. Send the money back the way the invoice was paid. The buyer gets an e-mail. This cannot be undone.`,
  keep: "Keep Order",
  note: "Note",
  noteOptional: "(optional, kept in the audit log, not sent to the buyer)",
} as const;

export const PAYMENT_TEXT: Record<PaymentStatus, string> = {
  due: "Due by invoice",
  paid: "Paid",
  void: "Void (cancelled before payment)",
  refunded: "Refunded",
};

export const SLIP_TEXT = {
  print: "Print",
  back: "Back to order",
  heading: "Packing slip",
  shipTo: "Ship to",
  ordered: "Ordered",
  items: "Items",
  quantity: "Qty",
  item: "Item",
  thanks: "Thank you for supporting independent creators.",
} as const;
