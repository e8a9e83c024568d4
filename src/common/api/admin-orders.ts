/**
 * The back office's orders (docs/decisions/0019): the list admins search, one order with what may
 * be done to it, and the bodies of the moves. The shapes the buyer sees are in ./orders.ts.
 */
import { z } from "zod";
import { CARRIER_IDS, FULFILMENT_MESSAGES, normalizeTrackingNumber, ORDER_ACTIONS, TRACKING_NUMBER_PATTERN, type OrderAction } from "../fulfilment.js";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../orders.js";
import { hasControlCharacters } from "../text.js";
import { OrderSchema } from "./orders.js";
import { DatedCursorParam, limitParam, pageSchema } from "./paging.js";
import { textParam } from "./params.js";

export const ADMIN_ORDERS_LIMIT_DEFAULT = 25;
export const ADMIN_ORDERS_LIMIT_MAX = 100;
/** An e-mail address is at most 254 characters; an order number far less. */
export const ADMIN_ORDERS_SEARCH_MAX = 254;
export const ORDER_NOTE_MAX = 500;

const ORDER_ACTION_IDS = Object.keys(ORDER_ACTIONS) as [OrderAction, ...OrderAction[]];

/** A row of GET /api/admin/orders. */
export const AdminOrderSummarySchema = z
  .object({
    id: z.string().meta({ example: "MB-7K2Q9XDM" }),
    status: z.enum(ORDER_STATUSES),
    created_at: z.string().meta({ format: "date-time" }),
    contact_email: z.string().meta({ description: "The e-mail given at checkout" }),
    account_email: z.string().nullable().meta({ description: "The e-mail of the buyer's account; null once the buyer deleted it" }),
    item_count: z.number().int(),
    total_cents: z.number().int(),
    payment_status: z.enum(PAYMENT_STATUSES),
  })
  .meta({ id: "AdminOrderSummary" });
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const AdminOrderPageSchema = pageSchema(AdminOrderSummarySchema).meta({ id: "AdminOrderPage" });
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

/** One back-office action on the order, from the audit log. */
export const OrderHistoryEntrySchema = z.object({
  action: z.string().meta({ example: "order.ship" }),
  actor_email: z.string(),
  created_at: z.string().meta({ format: "date-time" }),
  note: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

/** GET /api/admin/orders/{id}, and the answer to every move. */
export const AdminOrderSchema = OrderSchema.omit({ can_cancel: true })
  .extend({
    account_email: z.string().nullable().meta({ description: "The e-mail of the buyer's account; null once the buyer deleted it" }),
    actions: z
      .array(z.enum(ORDER_ACTION_IDS))
      .meta({ description: "The moves allowed from the order's status (the state machine's, in its order)" }),
    history: z.array(OrderHistoryEntrySchema).meta({ description: "The back office's actions on the order, oldest first" }),
  })
  .meta({ id: "AdminOrder" });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

// ------------------------------------------------------------------------------ requests

const statusMessage = `status must be one of ${ORDER_STATUSES.join(", ")}`;

export const AdminOrderListQuerySchema = z.object({
  status: z
    .enum(ORDER_STATUSES, { error: statusMessage })
    .optional()
    .meta({ description: "Only orders in this status; absent for all" }),
  q: textParam("q", ADMIN_ORDERS_SEARCH_MAX).meta({
    description:
      "An order number or its beginning (any case), or an e-mail address or its beginning: the checkout's contact e-mail " +
      "(as typed or in lower case) or the account's",
    example: "MB-7K2",
  }),
  cursor: DatedCursorParam,
  limit: limitParam(ADMIN_ORDERS_LIMIT_MAX, ADMIN_ORDERS_LIMIT_DEFAULT),
});

/** POST /api/admin/orders/{id}/ship: the carrier and the parcel's tracking number. */
export const ShipOrderSchema = z
  .object({
    carrier: z.enum(CARRIER_IDS, { error: FULFILMENT_MESSAGES.carrierRequired }).meta({ example: "ups" }),
    tracking_number: z
      .string({ error: FULFILMENT_MESSAGES.trackingRequired })
      .transform(normalizeTrackingNumber)
      .pipe(
        z
          .string()
          .min(1, FULFILMENT_MESSAGES.trackingRequired)
          .regex(TRACKING_NUMBER_PATTERN, FULFILMENT_MESSAGES.trackingInvalid),
      )
      .meta({ description: "Spaces are dropped and letters upper-cased before it is checked", example: "1Z 999 AA1 0123456784" }),
  })
  .meta({ id: "ShipOrder" });
export type ShipOrderInput = z.input<typeof ShipOrderSchema>;

/** POST /api/admin/orders/{id}/cancel and /refund: an optional note for the audit log (not sent to the buyer). */
export const OrderNoteSchema = z
  .object({
    note: z
      .string({ error: FULFILMENT_MESSAGES.noteInvalid })
      .trim()
      .max(ORDER_NOTE_MAX, FULFILMENT_MESSAGES.noteTooLong(ORDER_NOTE_MAX))
      .refine((text) => !hasControlCharacters(text, true), FULFILMENT_MESSAGES.noteInvalid)
      .optional()
      .meta({ description: "Why; kept in the audit log, never sent to the buyer" }),
  })
  .meta({ id: "OrderNote" });
export type OrderNoteInput = z.input<typeof OrderNoteSchema>;
