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

