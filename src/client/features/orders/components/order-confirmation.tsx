import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { Order } from "../../../../common/api/orders";
import { ORDER_MESSAGES } from "../../../../common/orders";
import { formatCents } from "../../../../common/money";
import { Button, buttonClasses } from "../../../components/ui/button";
import { invoicePath, orderPath } from "../../../config/paths";
import { OrderLines, OrderTotals } from "./order-lines";
import { ShippingAddress } from "./shipping-address";
import { orderLineText } from "../../../../common/sizes";

export const CONFIRMATION_TITLE = "Thank you! Your order is placed.";

/** What the buyer sees once the order went through: its number, lines, total, payment and what comes next. */
export function OrderConfirmation({ order, onDone }: { order: Order; onDone: () => void }) {
  const headingRef = useRef<HTMLDivElement>(null);
  // The Place Order button is gone: focus moves to the news, so it is read out and keys go on from there.
  useEffect(() => headingRef.current?.focus(), []);
  const lines = order.items.map((l) => ({ id: l.variant_id, name: orderLineText(l), quantity: l.quantity, price_cents: l.price_cents }));

  return (
    <div className="flex flex-col gap-6">
      <div
        ref={headingRef}
        tabIndex={-1}
        role="status"
        className="flex items-start gap-3 rounded-md border-[3px] border-ink bg-teal-soft p-4 shadow-hard-sm focus-visible:outline-offset-2"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-7 shrink-0" strokeWidth={2.5} />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-heavy text-xl">{CONFIRMATION_TITLE}</p>
          <p>
            Order number <strong className="font-black tracking-wide whitespace-nowrap" data-testid="order-number">{order.id}</strong>
          </p>
          <p className="text-sm">
            {order.invoice_number ? "A confirmation and your invoice are on their way to " : "A confirmation is on its way to "}
            <strong className="break-all">{order.shipping.email}</strong>.
          </p>
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="confirmation-lines" className="flex flex-col gap-3">
          <h3 id="confirmation-lines" className="text-sm font-black tracking-wide uppercase">
            Your order
          </h3>
          <OrderLines lines={lines} label="Ordered items" />
          <OrderTotals totals={order} />
        </section>

        <div className="flex flex-col gap-5">
          <section aria-labelledby="confirmation-payment" className="flex flex-col gap-1.5">
            <h3 id="confirmation-payment" className="text-sm font-black tracking-wide uppercase">
              Payment
            </h3>
            <p>{ORDER_MESSAGES.paymentByInvoice(formatCents(order.total_cents), order.shipping.email, order.invoice_number)}</p>
            {order.invoice_number && (
              <Link to={invoicePath(order.id)} className="link-ink self-start font-bold">
                View and print invoice
              </Link>
            )}
          </section>
          <section aria-labelledby="confirmation-next" className="flex flex-col gap-1.5">
            <h3 id="confirmation-next" className="text-sm font-black tracking-wide uppercase">
              What happens next
            </h3>
            <ol className="ml-5 flex list-decimal flex-col gap-1">
              {ORDER_MESSAGES.nextSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="confirmation-shipping" className="flex flex-col gap-1.5">
            <h3 id="confirmation-shipping" className="text-sm font-black tracking-wide uppercase">
              Shipping to
            </h3>
            <ShippingAddress shipping={order.shipping} />
          </section>
        </div>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={orderPath(order.id)} className={buttonClasses({ size: "lg" }, "sm:flex-1")}>
          View Order
        </Link>
        <Button variant="secondary" size="lg" className="sm:flex-1" onClick={onDone}>
          Keep Shopping
        </Button>
      </div>
    </div>
  );
}
