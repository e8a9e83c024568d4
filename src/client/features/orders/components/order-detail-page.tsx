/**
 * One order (/orders/:orderId): its progress, lines, totals, where it ships, how it is paid, and
 * 'Cancel Order' while it is placed, behind a confirm step.
 */
import { ArrowLeft } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { ORDER_MESSAGES } from "../../../../common/orders";
import { formatCents } from "../../../../common/money";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Notice, useTimedNotice } from "../../../components/ui/notice";
import { invoicePath, paths } from "../../../config/paths";
import { failureMessage, isApiError } from "../../../lib/api";
import { useCancelOrder } from "../api/cancel-order";
import { useOrder } from "../api/get-order";
import { formatOrderDate, shippedLine } from "../../../components/orders/format";
import { OrderLines, OrderTotals } from "./order-lines";
import { StatusBadge } from "../../../components/orders/status-badge";
import { TrackingLink } from "../../../components/orders/tracking-link";
import { StatusTracker } from "./order-status";
import { ShippingAddress } from "./shipping-address";
import { orderLineText } from "../../../../common/sizes";

export const ORDER_DETAIL_TEXT = {
  cancel: "Cancel Order",
  confirmTitle: "Cancel this order?",
  confirm: "Yes, Cancel Order",
  keep: "Keep Order",
  cancelling: "Cancelling...",
  cancelled: "Order cancelled. Its items are back in the store.",
  cancelFailed: "The order could not be cancelled. Please try again.",
  loading: "Loading order...",
} as const;

const PAYMENT_STATUS_TEXT = {
  due: "Due by invoice",
  paid: "Paid",
  void: "Nothing to pay (cancelled)",
  refunded: "Refunded",
} as const;

function BackLink() {
  return (
    <Link to={paths.orders} className="link-ink inline-flex items-center gap-1.5 self-start font-bold">
      <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={3} />
      All orders
    </Link>
  );
}

export function OrderDetailPage({ uid, orderId }: { uid: string; orderId: string }) {
  const order = useOrder(uid, orderId);
  const cancel = useCancelOrder(uid);
  const notice = useTimedNotice();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (order.isPending) {
    return (
      <Shell>
        <p role="status" className="text-lg font-bold">
          {ORDER_DETAIL_TEXT.loading}
        </p>
      </Shell>
    );
  }
  if (order.isError) {
    const missing = isApiError(order.error) && order.error.status === 404;
    return (
      <Shell>
        <BackLink />
        <div role="alert" className="flex flex-col items-start gap-4">
          <p className="font-heavy text-2xl">{missing ? ORDER_MESSAGES.notFound : "This order could not be loaded."}</p>
          {!missing && (
            <Button variant="secondary" onClick={() => void order.refetch()}>
              Try Again
            </Button>
          )}
        </div>
      </Shell>
    );
  }

  const o = order.data;
  const lines = o.items.map((l) => ({ id: l.variant_id, name: orderLineText(l), quantity: l.quantity, price_cents: l.price_cents }));

  async function confirmCancel() {
    setError(null);
    try {
      await cancel.mutateAsync(o.id);
      setConfirming(false);
      notice.show(ORDER_DETAIL_TEXT.cancelled);
    } catch (e) {
      setConfirming(false);
      setError(failureMessage(e, ORDER_DETAIL_TEXT.cancelFailed));
      void order.refetch();
    }
  }

  return (
    <Shell>
      <BackLink />
      <div className="flex flex-col gap-4">
        <p className="w-fit -rotate-2 rounded-sm border-[3px] border-ink bg-yellow px-2.5 py-0.5 text-sm font-black tracking-wider uppercase shadow-hard-sm">
          Placed {formatOrderDate(o.created_at)}
        </p>
        {/* The number never breaks at its hyphen; "Order" wraps above it on narrow screens. */}
        <h1 className="font-heavy text-[2.5rem] sm:text-6xl">
          Order <span className="whitespace-nowrap">{o.id}</span>
        </h1>
        <p className="flex flex-wrap items-center gap-3 text-lg text-muted">
          <span>Status</span> <StatusBadge status={o.status} />
        </p>
      </div>

      {error && <Alert>{error}</Alert>}
      <StatusTracker status={o.status} />

      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="order-items" className="flex flex-col gap-3 self-start rounded-lg border-[3px] border-ink bg-white p-5 shadow-hard">
          <h2 id="order-items" className="font-heavy text-2xl">
            Items
          </h2>
          <OrderLines lines={lines} label="Ordered items" />
          <OrderTotals totals={o} />
        </section>

        <div className="flex flex-col gap-6">
          <section aria-labelledby="order-shipping" className="flex flex-col gap-2">
            <h2 id="order-shipping" className="text-sm font-black tracking-wide uppercase">
              Shipping to
            </h2>
            <ShippingAddress shipping={o.shipping} />
          </section>
          {o.tracking && (
            <section aria-labelledby="order-shipment" className="flex flex-col gap-2">
              <h2 id="order-shipment" className="text-sm font-black tracking-wide uppercase">
                Shipment
              </h2>
              <p>{shippedLine(o.tracking.carrier_label, o.shipped_at)}</p>
              {o.delivered_at && <p>Delivered on {formatOrderDate(o.delivered_at)}</p>}
              <p className="text-sm text-muted">
                Tracking number <span className="font-bold break-all text-ink">{o.tracking.number}</span>
              </p>
              <TrackingLink tracking={o.tracking} className="self-start" />
            </section>
          )}
          <section aria-labelledby="order-payment" className="flex flex-col gap-2">
            <h2 id="order-payment" className="text-sm font-black tracking-wide uppercase">
              Payment
            </h2>
            <p>
              <span className="font-bold">{PAYMENT_STATUS_TEXT[o.payment.status]}</span>
            </p>
            {o.payment.status === "due" && (
              <p className="text-sm text-muted">{ORDER_MESSAGES.paymentByInvoice(formatCents(o.total_cents), o.shipping.email, o.invoice_number)}</p>
            )}
            {o.invoice_number && (
              <Link to={invoicePath(o.id)} className="link-ink self-start font-bold">
                Invoice {o.invoice_number}
              </Link>
            )}
          </section>
          {o.can_cancel && (
            <section aria-labelledby="order-cancel" className="flex flex-col gap-2">
              <h2 id="order-cancel" className="text-sm font-black tracking-wide uppercase">
                Changed your mind?
              </h2>
              <p className="text-sm text-muted">You can cancel until the order is paid.</p>
              <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
                {ORDER_DETAIL_TEXT.cancel}
              </Button>
            </section>
          )}
        </div>
      </div>

      <Dialog open={confirming} onClose={() => setConfirming(false)} title={ORDER_DETAIL_TEXT.confirmTitle}>
        <div className="flex flex-col gap-5">
          <p>
            Order {o.id} for {formatCents(o.total_cents)} will be cancelled and its items go back to the store. There will be
            nothing to pay, and we will e-mail you to confirm. This cannot be undone.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="dark" className="sm:flex-1" disabled={cancel.isPending} onClick={() => void confirmCancel()}>
              {cancel.isPending ? ORDER_DETAIL_TEXT.cancelling : ORDER_DETAIL_TEXT.confirm}
            </Button>
            <Button variant="secondary" className="sm:flex-1" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
              {ORDER_DETAIL_TEXT.keep}
            </Button>
          </div>
        </div>
      </Dialog>
      <Notice message={notice.message} />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-12 sm:px-6 sm:py-16">{children}</div>;
}
