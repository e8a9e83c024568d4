/**
 * The shop's side of an order (docs/decisions/0019): the moves the back office makes and the
 * carriers a parcel ships with. Apart from orders.ts, which every page's bundle carries.
 */
import { ORDER_TRANSITIONS, type OrderStatus } from "./orders.js";

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The shop's actions on an order, each the move to one status. */
export const ORDER_ACTIONS = {
  pay: "paid",
  ship: "shipped",
  deliver: "delivered",
  cancel: "cancelled",
  refund: "refunded",
} as const satisfies Record<string, OrderStatus>;
export type OrderAction = keyof typeof ORDER_ACTIONS;

/** Carriers a parcel ships with, and where its tracking number is followed. */
export const CARRIERS = {
  usps: { label: "USPS", track: "https://tools.usps.com/go/TrackConfirmAction?tLabels=" },
  ups: { label: "UPS", track: "https://www.ups.com/track?tracknum=" },
  fedex: { label: "FedEx", track: "https://www.fedex.com/fedextrack/?trknbr=" },
  dhl: { label: "DHL", track: "https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=" },
} as const;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as Carrier[];
/** Letters and digits, 8 to 40 (carriers' numbers are 10 to 34 long). */
export const TRACKING_NUMBER_PATTERN = /^[A-Z0-9]{8,40}$/;

/** The carrier's tracking page for a parcel. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  return CARRIERS[carrier].track + encodeURIComponent(trackingNumber);
}


/** The actions allowed from a status, in the order the back office offers them. */
export function allowedActions(status: OrderStatus): OrderAction[] {
  return (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((action) => canMove(status, ORDER_ACTIONS[action]));
}

/** What each action does to an order, as a sentence ends: "it cannot be <done>". */
const ACTION_DONE: Record<OrderAction, string> = {
  pay: "marked paid",
  ship: "shipped",
  deliver: "marked delivered",
  cancel: "cancelled",
  refund: "refunded",
};

/** The back office's buttons and its announcements of a move that went through. */
export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  pay: "Mark Paid",
  ship: "Ship",
  deliver: "Mark Delivered",
  cancel: "Cancel Order",
  refund: "Refund",
};

export const FULFILMENT_MESSAGES = {
  /**
   * 409 ORDER_CONFLICT: the move is not allowed from the order's status (it was never allowed, or
   * another admin moved the order first). Names the status, so the admin knows what happened.
   */
  conflict: (orderId: string, current: OrderStatus, action: OrderAction) =>
    ORDER_ACTIONS[action] === current
      ? `Order ${orderId} is already ${current}; it cannot be ${ACTION_DONE[action]} again.`
      : `Order ${orderId} is ${current}; it cannot be ${ACTION_DONE[action]}.`,
  moved: (orderId: string, action: OrderAction) => `Order ${orderId} was ${ACTION_DONE[action]}.`,
  carrierRequired: `Choose a carrier: ${Object.values(CARRIERS)
    .map((c) => c.label)
    .join(", ")}`,
  trackingRequired: "Enter the tracking number",
  trackingInvalid: "A tracking number is 8 to 40 letters and digits",
  noteTooLong: (max: number) => `The note must be at most ${max} characters`,
  noteInvalid: "The note must not contain control characters",
} as const;

/** A tracking number as carriers print it, in the one form it is stored and checked: no spaces, upper case. */
export function normalizeTrackingNumber(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}
