/**
 * The buyer's e-mails about an order: the confirmation after checkout (features/orders) and the
 * shop's moves (features/admin/order-fulfilment.ts: shipped with the tracking link, cancelled,
 * refunded; marking paid or delivered sends nothing). Every line, the total, where it ships, a
 * link to the order's page; the texts are those of the orders pages (common/orders.ts).
 */
import type { CSSProperties } from "react";
import type { MailedOrder } from "./catalog.js";
import { ORDER_MESSAGES } from "../../common/checkout.js";
import { formatCents } from "../../common/money.js";
import { Action, Greeting, Layout, P, mailStyles } from "./layout.js";
import type { MailProps, MailTemplate } from "./template.js";

const cell: CSSProperties = { ...mailStyles.text, margin: 0, padding: "4px 0", verticalAlign: "top" };
const amount: CSSProperties = { ...cell, textAlign: "right", whiteSpace: "nowrap", paddingLeft: "16px" };
const strongCell: CSSProperties = { ...cell, fontWeight: 700, borderTop: "1px solid #e4e4e0" };
const strongAmount: CSSProperties = { ...amount, fontWeight: 700, borderTop: "1px solid #e4e4e0" };

function orderLink(order: MailedOrder, publicUrl: string): string {
  return `${publicUrl}/orders/${encodeURIComponent(order.id)}`;
}

/** The lines, then shipping and the total; the confirmation shows the subtotal too. */
function Lines({ order, title, totalLabel, subtotal }: { order: MailedOrder; title?: string; totalLabel: string; subtotal?: boolean }) {
  return (
    <>
      {title ? <P strong>{`${title}:`}</P> : null}
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", margin: "0 0 16px" }}>
        <tbody>
          {order.items.map((line, i) => (
            <tr key={`${line.product_id}-${i}`} data-text="line">
              <td style={cell}>
                {line.quantity} <span data-text-as="x">×</span> {line.name}
              </td>
              <td style={amount}>{formatCents(line.line_total_cents)}</td>
            </tr>
          ))}
          {subtotal ? <Sum label="Subtotal" cents={order.subtotal_cents} /> : null}
          <Sum label="Shipping" cents={order.shipping_cents} />
          <Sum label={totalLabel} cents={order.total_cents} strong />
        </tbody>
      </table>
    </>
  );
}

function Sum({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <tr data-text="sum">
      <td style={strong ? strongCell : cell}>{`${label}:`}</td>
      <td style={strong ? strongAmount : amount}>{formatCents(cents)}</td>
    </tr>
  );
}

/** Where the parcel goes, one line each; the confirmation repeats the phone number given. */
function ShippingTo({ order, phone }: { order: MailedOrder; phone?: boolean }) {
  const s = order.shipping;
  const lines = [s.name, s.address_line1, s.address_line2, `${s.city}, ${s.state} ${s.zip}`, phone ? s.phone : ""].filter(Boolean);
  return (
    <>
      <P>
        <strong>Shipping to:</strong>
        {lines.map((line, i) => (
          <span key={i}>
            <br />
            {line}
          </span>
        ))}
      </P>
    </>
  );
}

function SeeOrder({ order, context }: { order: MailedOrder; context: MailProps<"order-confirmation">["context"] }) {
  return <Action label="See your order" url={orderLink(order, context.publicUrl)} />;
}

export const orderConfirmation: MailTemplate<"order-confirmation"> = {
  subject: ({ order }) => `Your MAYBE order ${order.id}`,
  Component({ order, context }) {
    const total = formatCents(order.total_cents);
    return (
      <Layout preview={`Order ${order.id}: ${total}, payment by invoice.`} heading={`Thank you for your order, ${order.shipping.name}!`} context={context}>
        <P>
          Order number: <strong>{order.id}</strong>
        </P>
        <Lines order={order} totalLabel="Total" subtotal />
        <P>{ORDER_MESSAGES.paymentByInvoice(total, order.shipping.email)}</P>
        <P strong>What happens next:</P>
        <ol style={{ ...mailStyles.text, paddingLeft: "24px" }}>
          {ORDER_MESSAGES.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <ShippingTo order={order} phone />
        <SeeOrder order={order} context={context} />
      </Layout>
    );
  },
};

export const orderShipped: MailTemplate<"order-shipped"> = {
  subject: ({ order }) => `Your MAYBE order ${order.id} is on its way`,
  Component({ order, context }) {
    const tracking = order.tracking;
    // The shop ships with a carrier and number (features/admin): a shipped order without them is a bug upstream.
    if (!tracking) throw new Error(`order ${order.id} has no tracking to mail`);
    return (
      <Layout preview={`Shipped with ${tracking.carrier_label}, tracking number ${tracking.number}.`} heading={orderShipped.subject({ order }, context)} context={context}>
        <Greeting name={order.shipping.name} />
        <P>{`Your order ${order.id} has shipped with ${tracking.carrier_label}.`}</P>
        <P>{`Tracking number: ${tracking.number}`}</P>
        <Action label={`Track your parcel with ${tracking.carrier_label}`} url={tracking.url} />
        <Lines order={order} title="In the parcel" totalLabel="Total" />
        <ShippingTo order={order} />
        <SeeOrder order={order} context={context} />
      </Layout>
    );
  },
};

export const orderCancelled: MailTemplate<"order-cancelled"> = {
  subject: ({ order }) => `Your MAYBE order ${order.id} was cancelled`,
  Component({ order, context }) {
    return (
      <Layout preview="Nothing will be invoiced and nothing was charged." heading={orderCancelled.subject({ order }, context)} context={context}>
        <Greeting name={order.shipping.name} />
        <P>{`We have cancelled your order ${order.id}. Nothing will be invoiced and nothing was charged.`}</P>
        <Lines order={order} title="Cancelled" totalLabel="Total not invoiced" />
        <P>The items are back in the store, should you want them another time.</P>
        <ShippingTo order={order} />
        <SeeOrder order={order} context={context} />
      </Layout>
    );
  },
};

export const orderRefunded: MailTemplate<"order-refunded"> = {
  subject: ({ order }) => `Your MAYBE order ${order.id} was refunded`,
  Component({ order, context }) {
    const total = formatCents(order.total_cents);
    return (
      <Layout preview={`${total} goes back to you.`} heading={orderRefunded.subject({ order }, context)} context={context}>
        <Greeting name={order.shipping.name} />
        <P>{`We have refunded your order ${order.id}: ${total} goes back to you the way you paid the invoice.`}</P>
        <Lines order={order} title="Refunded" totalLabel="Total refunded" />
        <P>{"The items are back in the store's stock."}</P>
        <ShippingTo order={order} />
        <SeeOrder order={order} context={context} />
      </Layout>
    );
  },
};

/**
 * An unpaid order cancelled because its buyer deleted their account (features/account): no link to
 * the order's page, which belonged to the account.
 */
export const orderCancelledAccountDeleted: MailTemplate<"order-cancelled-account-deleted"> = {
  subject: ({ order }) => `Your MAYBE order ${order.id} was cancelled`,
  Component({ order, context }) {
    return (
      <Layout preview="Your account was deleted, so this unpaid order was cancelled." heading={orderCancelledAccountDeleted.subject({ order }, context)} context={context}>
        <Greeting name={order.shipping.name} />
        <P>{`Your MAYBE account was deleted, so we cancelled your unpaid order ${order.id}. Nothing will be invoiced and nothing was charged.`}</P>
        <Lines order={order} title="Cancelled" totalLabel="Total not invoiced" />
      </Layout>
    );
  },
};
