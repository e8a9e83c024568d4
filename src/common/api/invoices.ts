/**
 * An order's invoice (docs/decisions/0009): GET /api/orders/{orderId}/invoice, the printable page
 * and the invoice e-mail read the same answer. The seller and the payment instructions are those
 * of the day it was issued; the buyer, lines and totals are the order's.
 */
import { z } from "zod";
import { PAYMENT_STATUSES } from "../orders.js";
import { OrderLineSchema, ShippingDetailsSchema } from "./orders.js";

export const InvoiceSellerSchema = z
  .object({
    name: z.string(),
    address: z.array(z.string()).meta({ description: "Postal address, one line each" }),
    email: z.string(),
    tax_id: z.string().nullable().meta({ description: "Tax or company registration number, when the seller gives one" }),
  })
  .meta({ id: "InvoiceSeller" });
export type InvoiceSeller = z.infer<typeof InvoiceSellerSchema>;

export const InvoicePaymentSchema = z
  .object({
    bank_details: z.array(z.string()).meta({ description: "Bank transfer details, one line each; empty when only a link is offered" }),
    link: z.string().nullable().meta({ description: "A page to pay this invoice online", format: "uri" }),
    reference: z.string().meta({ description: "What to quote with the payment: the invoice number", example: "INV-2026-000123" }),
  })
  .meta({ id: "InvoicePaymentInstructions" });
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

export const InvoiceSchema = z
  .object({
    number: z.string().meta({ description: "INV-<year>-<six digits>, gapless within a year", example: "INV-2026-000123" }),
    order_id: z.string().meta({ example: "MB-7K2Q9XDM" }),
    issued_at: z.string().meta({ format: "date-time" }),
    due_at: z.string().meta({ format: "date-time" }),
    status: z.enum(PAYMENT_STATUSES).meta({ description: "The order's payment: due, paid, void (cancelled before payment) or refunded" }),
    paid_at: z.string().nullable().meta({ format: "date-time" }),
    seller: InvoiceSellerSchema,
    buyer: ShippingDetailsSchema.omit({ phone: true }).meta({ description: "Billed to: the order's contact e-mail, name and address" }),
    items: z.array(OrderLineSchema),
    subtotal_cents: z.number().int(),
    shipping_cents: z.number().int(),
    total_cents: z.number().int(),
    payment: InvoicePaymentSchema,
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof InvoiceSchema>;
