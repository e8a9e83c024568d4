/**
 * How orders are paid, behind one small interface so a card processor can be added later
 * (docs/decisions/0009). Today every order is paid by invoice: nothing is charged when it is
 * placed; the shop sends an invoice and marks the order paid when the money arrives.
 */
import type { PaymentMethod, PaymentStatus } from "../../../common/orders.js";

/** What the ledger stores: "refunded" is the API's word for a paid order whose status is refunded. */
export type StoredPaymentStatus = Exclude<PaymentStatus, "refunded">;

export interface PaymentRequest {
  orderId: string;
  totalCents: number;
  email: string;
}

export interface PaymentProvider {
  readonly method: PaymentMethod;
  /**
   * Called inside the order transaction, after the stock is taken and before the order is
   * written: returns the payment status the order starts with. A provider that throws aborts
   * the order (nothing is kept). A card processor would authorize here, so it must answer fast
   * and be safe to repeat for the same orderId.
   */
  open(request: PaymentRequest): Promise<{ status: StoredPaymentStatus }>;
  /**
   * Called inside the cancel transaction: returns the payment status a cancelled order gets
   * (a card processor would release its authorization here).
   */
  cancel(request: PaymentRequest): Promise<{ status: StoredPaymentStatus }>;
  /**
   * Called inside the refund transaction of a paid order: returns the payment status it keeps
   * (a card processor would refund the charge here). The ledger keeps 'paid': the API shows
   * 'refunded' for a paid order whose status is refunded.
   */
  refund(request: PaymentRequest): Promise<{ status: StoredPaymentStatus }>;
}

/**
 * Payment due by invoice: due when placed, void when cancelled; no outside call. A refund of a
 * paid invoice is money the shop sends back by hand, so the ledger keeps 'paid'.
 */
export const invoicePayment: PaymentProvider = {
  method: "invoice",
  async open() {
    return { status: "due" };
  },
  async cancel() {
    return { status: "void" };
  },
  async refund() {
    return { status: "paid" };
  },
};
