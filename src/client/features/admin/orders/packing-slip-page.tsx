/**
 * The packing slip of an order (/admin/orders/:orderId/slip): what goes in the parcel and where it
 * goes, without prices (a gift's recipient may open it). Printed from here: the site's header and
 * footer, the back office's tabs and this page's buttons are hidden on paper.
 */
import { ArrowLeft, Printer } from "lucide-react";
import { Link } from "react-router";
import { ORDER_MESSAGES } from "../../../../common/orders";
import { formatOrderDate } from "../../../components/orders/format";
import { Button } from "../../../components/ui/button";
import { adminOrderPath } from "../../../config/admin-paths";
import { isApiError } from "../../../lib/api";
import { useAdminOrder } from "./get-admin-order";
import { PostalAddress } from "../../../components/orders/postal-address";
import { ORDER_TEXT, SLIP_TEXT } from "./order-texts";
import { orderLineText } from "../../../../common/sizes";

export function PackingSlipPage({ uid, orderId }: { uid: string; orderId: string }) {
  const order = useAdminOrder(uid, orderId);
  const back = (
    <Link to={adminOrderPath(orderId)} className="link-ink inline-flex items-center gap-1.5 self-start print:hidden">
      <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={3} />
      {SLIP_TEXT.back}
    </Link>
  );

  if (order.isPending) {
    return (
      <p role="status" className="text-lg font-bold">
        {ORDER_TEXT.loading}
      </p>
    );
  }
  if (order.isError) {
    const missing = isApiError(order.error) && order.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        <p role="alert" className="font-heavy text-2xl">
          {missing ? ORDER_MESSAGES.notFound : ORDER_TEXT.failed}
        </p>
      </div>
    );
  }

  const o = order.data;
  const count = o.items.reduce((n, l) => n + l.quantity, 0);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4 print:hidden">
        {back}
        <Button variant="dark" className="sm:ml-auto" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-5" strokeWidth={2.75} />
          {SLIP_TEXT.print}
        </Button>
      </div>

      <article
        aria-label={SLIP_TEXT.heading}
        className="flex flex-col gap-6 rounded-lg border-[3px] border-ink bg-white p-5 shadow-hard sm:p-8 print:rounded-none print:border-0 print:p-0 print:shadow-none"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b-[3px] border-ink pb-4">
          <div className="flex flex-col gap-1">
            <p className="font-heavy text-3xl">MAYBE</p>
            <p className="text-sm tracking-wide text-muted uppercase">{SLIP_TEXT.heading}</p>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-muted">Order</dt>
            <dd className="font-black">{o.id}</dd>
            <dt className="text-muted">{SLIP_TEXT.ordered}</dt>
            <dd className="font-bold">{formatOrderDate(o.created_at)}</dd>
          </dl>
        </header>

        <section aria-labelledby="slip-ship-to" className="flex flex-col gap-2">
          <h2 id="slip-ship-to" className="text-sm font-black tracking-wide uppercase">
            {SLIP_TEXT.shipTo}
          </h2>
          <div className="text-lg">
            <PostalAddress shipping={o.shipping} />
          </div>
        </section>

        <section aria-labelledby="slip-items" className="flex flex-col gap-2">
          <h2 id="slip-items" className="text-sm font-black tracking-wide uppercase">
            {SLIP_TEXT.items} ({count})
          </h2>
          <table className="w-full border-collapse text-left">
            <thead className="border-b-[3px] border-ink text-sm tracking-wide uppercase">
              <tr>
                <th scope="col" className="w-16 py-2 pr-3 font-black">
                  {SLIP_TEXT.quantity}
                </th>
                <th scope="col" className="py-2 font-black">
                  {SLIP_TEXT.item}
                </th>
                <th scope="col" className="w-12 py-2 text-center font-black">
                  <span aria-hidden="true">✓</span>
                  <span className="sr-only">Packed</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y-2 divide-ink/15">
              {o.items.map((line) => (
                <tr key={line.variant_id}>
                  <td className="py-2.5 pr-3 text-lg font-black">{line.quantity}</td>
                  <td className="py-2.5 break-words">{orderLineText(line)}</td>
                  <td className="py-2.5 text-center">
                    <span aria-hidden="true" className="inline-block size-5 rounded-sm border-2 border-ink" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <p className="border-t-[3px] border-ink pt-4 text-sm text-muted">{SLIP_TEXT.thanks}</p>
      </article>
    </div>
  );
}
