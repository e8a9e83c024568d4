/**
 * One order as the back office shows it: what can be done to it, its lines and totals, where it
 * ships, who bought it, its payment, its shipment, its timeline and the packing slip. The frame's
 * heading names the order. Loaded by order-page.tsx once the order is there.
 */
import { Printer } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import type { AdminOrder } from "../../../../common/api/admin-orders";
import { formatOrderDate } from "../../../components/orders/format";
import { StatusBadge } from "../../../components/orders/status-badge";
import { TrackingLink } from "../../../components/orders/tracking-link";
import { buttonClasses } from "../../../components/ui/button";
import { TotalsList } from "../../../components/ui/totals-list";
import { adminPackingSlipPath } from "../../../config/admin-paths";
import { ORDER_TEXT, PAYMENT_TEXT } from "./order-texts";
import { OrderActions } from "./order-actions";
import { OrderLinesTable } from "./order-lines-table";
import { OrderTimeline } from "./order-timeline";
import { PostalAddress } from "../../../components/orders/postal-address";

export function OrderDetail({ uid, order, back }: { uid: string; order: AdminOrder; back: ReactNode }) {
  const timelineId = useId();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        {back}
        <StatusBadge status={order.status} />
        <span className="text-muted">Placed {formatOrderDate(order.created_at)}</span>
        <Link to={adminPackingSlipPath(order.id)} className={buttonClasses({ variant: "secondary", size: "sm" }, "sm:ml-auto")}>
          <Printer aria-hidden="true" className="size-4" strokeWidth={2.75} />
          {ORDER_TEXT.packingSlip}
        </Link>
      </div>

      <OrderActions uid={uid} order={order} />

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Panel title={ORDER_TEXT.items}>
            <OrderLinesTable lines={order.items} />
            <TotalsList totals={order} label="Order total" />
          </Panel>
          <Panel title={ORDER_TEXT.timeline} id={timelineId}>
            <OrderTimeline order={order} headingId={timelineId} />
          </Panel>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Panel title={ORDER_TEXT.shipTo}>
            <PostalAddress shipping={order.shipping} />
          </Panel>
          <Panel title={ORDER_TEXT.contact}>
            <dl className="flex flex-col gap-1 text-sm">
              <Detail term="E-mail">
                <a href={`mailto:${order.shipping.email}`} className="link-ink break-all">
                  {order.shipping.email}
                </a>
              </Detail>
              <Detail term="Phone">{order.shipping.phone}</Detail>
              <Detail term={ORDER_TEXT.account}>
                <span className="break-all">{order.account_email ?? ORDER_TEXT.deletedAccount}</span>
              </Detail>
            </dl>
          </Panel>
          <Panel title={ORDER_TEXT.payment}>
            <dl className="flex flex-col gap-1 text-sm">
              <Detail term="Method">Invoice</Detail>
              {order.invoice_number && <Detail term="Invoice">{order.invoice_number}</Detail>}
              <Detail term="Status">{PAYMENT_TEXT[order.payment.status]}</Detail>
            </dl>
          </Panel>
          {order.tracking && (
            <Panel title="Shipment">
              <dl className="flex flex-col gap-1 text-sm">
                <Detail term="Carrier">{order.tracking.carrier_label}</Detail>
                <Detail term="Tracking">
                  <span className="break-all">{order.tracking.number}</span>
                </Detail>
              </dl>
              <TrackingLink tracking={order.tracking} className="self-start text-sm" />
            </Panel>
          )}
        </div>
      </div>
    </div>
  );
}

function Panel({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const own = useId();
  const headingId = id ?? own;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard sm:p-5">
      <h2 id={headingId} className="text-sm font-black tracking-wide uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-16 shrink-0 text-muted">{term}</dt>
      <dd className="min-w-0 font-bold">{children}</dd>
    </div>
  );
}
