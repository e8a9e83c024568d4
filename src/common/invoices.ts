/**
 * What the invoice e-mail and the printable invoice page share (docs/decisions/0009, "Invoices"):
 * the number's form, how its dates are written, and the words. No zod here: the orders pages load
 * without it.
 */

/** The `sequence`-th invoice of `year`: INV-2026-000123 (more digits once a year passes 999,999). */
export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * "May 1, 2026": an invoice's dates are UTC dates, as its number's year is, so the e-mail, the
 * printed page and the shop's books give every invoice the same date wherever they are read.
 */
export function formatInvoiceDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

export const INVOICE_TEXT = {
  title: "Invoice",
  number: "Invoice number",
  date: "Invoice date",
  due: "Due date",
  order: "Order",
  from: "From",
  billedTo: "Billed to",
  taxId: (id: string) => `Tax ID: ${id}`,
  item: "Item",
  quantity: "Qty",
  unitPrice: "Unit price",
  amount: "Amount",
  subtotal: "Subtotal",
  shipping: "Shipping",
  totalDue: "Total due",
  total: "Total",
  howToPay: "How to pay",
  bankTransfer: "By bank transfer",
  payOnline: "Pay online",
  payAmountOnline: (total: string) => `Pay ${total} online`,
  reference: (number: string) => `Please quote ${number} with your payment.`,
  /** What the invoice says of its payment, by the order's payment status. */
  status: {
    due: (dueDate: string) => `Payment due by ${dueDate}.`,
    paid: (paidDate: string | null) => (paidDate ? `Paid on ${paidDate}. Thank you.` : "Paid. Thank you."),
    void: "Void: the order was cancelled before payment. There is nothing to pay.",
    refunded: "Refunded: what was paid goes back the way it was paid.",
  },
} as const;
