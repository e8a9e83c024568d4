/**
 * The buyer's e-mails about an order: the confirmation after checkout (features/orders; the invoice
 * goes with it, invoice-mail.tsx), the buyer's own cancel, and the shop's moves
 * (features/admin/orders/fulfilment.service.ts: payment received, shipped with the tracking link, delivered,
 * cancelled, refunded). Every line, the total, where it ships, a link to the order's page; the
 * texts are those of the orders pages (common/orders.ts).
 */
import type { CSSProperties } from "react";
import type { MailedOrder } from "./catalog.js";
import { ORDER_MESSAGES } from "../../common/orders.js";
import { formatCents } from "../../common/money.js";
import { Action, Greeting, Layout, P, mailStyles } from "./layout.js";
import type { MailProps, MailTemplate } from "./template.js";
import { orderLineText } from "../../common/sizes.js";

const cell: CSSProperties = { ...mailStyles.text, margin: 0, padding: "4px 0", verticalAlign: "top" };
const amount: CSSProperties = { ...cell, textAlign: "right", whiteSpace: "nowrap", paddingLeft: "16px" };
const strongCell: CSSProperties = { ...cell, fontWeight: 700, borderTop: "1px solid #e4e4e0" };
const strongAmount: CSSProperties = { ...amount, fontWeight: 700, borderTop: "1px solid #e4e4e0" };

function orderLink(order: MailedOrder, publicUrl: string): string {
  return `${publicUrl}/orders/${encodeURIComponent(order.id)}`;
}

/** What a list of lines and its sums are read from: an order, or its invoice. */
export type Priced = Pick<MailedOrder, "items" | "subtotal_cents" | "shipping_cents" | "total_cents">;

/**
 * The lines, then shipping and the total; the confirmation shows the subtotal too, the invoice the
 * unit prices as well.
 */
export function Lines({
  order,
  title,
  totalLabel,
  subtotal,
  unitPrices,
}: {
  order: Priced;
  title?: string;
  totalLabel: string;
  subtotal?: boolean;
  unitPrices?: boolean;
}) {
  return (
    <>
      {title ? <P strong>{`${title}:`}</P> : null}
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", margin: "0 0 16px" }}>
        <tbody>
          {order.items.map((line, i) => (
            <tr key={`${line.product_id}-${i}`} data-text="line">
              <td style={cell}>
                {line.quantity} <span data-text-as="x">×</span> {orderLineText(line)}
              </td>
              {unitPrices ? <td style={{ ...amount, color: "#555555" }}>{`${formatCents(line.price_cents)} each`}</td> : null}
              <td style={amount}>{formatCents(line.line_total_cents)}</td>
            </tr>
          ))}
          {subtotal ? <Sum label="Subtotal" cents={order.subtotal_cents} span={unitPrices} /> : null}
          <Sum label="Shipping" cents={order.shipping_cents} span={unitPrices} />
          <Sum label={totalLabel} cents={order.total_cents} strong span={unitPrices} />
        </tbody>
      </table>
    </>
  );
}

/** A sum under the lines; `span` when the lines have a unit price column to cover. */
function Sum({ label, cents, strong, span }: { label: string; cents: number; strong?: boolean; span?: boolean }) {
  return (
    <tr data-text="sum">
      <td style={strong ? strongCell : cell} colSpan={span ? 2 : undefined}>{`${label}:`}</td>
      <td style={strong ? strongAmount : amount}>{formatCents(cents)}</td>
    </tr>
  );
}

/** Where the parcel goes, one line each; the confirmation repeats the phone number given. */
export function ShippingTo({ order, phone }: { order: MailedOrder; phone?: boolean }) {
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
        <P>{ORDER_MESSAGES.paymentByInvoice(total, order.shipping.email, invoiceNumberOf(order))}</P>
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

/**
 * The order's invoice number, or null: for orders placed before invoices, and in e-mails an older
 * release wrote into the outbox without it (the props are rendered when the message is sent).
 */
function invoiceNumberOf(order: MailedOrder): string | null {
  return (order as Partial<MailedOrder>).invoice_number ?? null;
}

/** What a cancelled order's buyer owes: nothing, said of its invoice when it has one. */
function nothingToPay(order: MailedOrder): string {
  const invoice = invoiceNumberOf(order);
  return invoice ? `Its invoice ${invoice} is void: there is nothing to pay, and nothing was charged.` : "Nothing will be invoiced and nothing was charged.";
}

export const orderPaid: MailTemplate<"order-paid"> = {
  subject: ({ order }) => `Payment received for your MAYBE order ${order.id}`,
  Component({ order, context }) {
    const total = formatCents(order.total_cents);
    const invoice = invoiceNumberOf(order);
    return (
      <Layout preview={`We have received ${total}. Your order is being packed.`} heading={orderPaid.subject({ order }, context)} context={context}>
        <Greeting name={order.shipping.name} />
        <P>{`Thank you: we have received your payment of ${total} for ${invoice ? `invoice ${invoice}, ` : ""}order ${order.id}.`}</P>
        <P>We are packing your order now, and we will e-mail you the tracking number as soon as it ships.</P>
        <Lines order={order} title="Paid" totalLabel="Total paid" />
        <ShippingTo order={order} />
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

export const orderDelivered: MailTemplate<"order-delivered"> = {
  subject: ({ order }) => `Your MAYBE order ${order.id} was delivered`,
  Component({ order, context }) {
    const tracking = order.tracking;
    return (
      <Layout preview="Your parcel has arrived. We hope you enjoy it." heading={orderDelivered.subject({ order }, context)} context={context}>
        <Greeting name={order.shipping.name} />
        <P>
          {tracking
            ? `Your order ${order.id} has been delivered (${tracking.carrier_label}, tracking number ${tracking.number}). We hope you enjoy it.`
            : `Your order ${order.id} has been delivered. We hope you enjoy it.`}
        </P>
        <P>If anything is missing or damaged, write to us with your order number.</P>
        <Lines order={order} title="Delivered" totalLabel="Total" />
        <ShippingTo order={order} />
        <SeeOrder order={order} context={context} />
      </Layout>
    );
  },
};

export const orderCancelled: MailTemplate<"order-cancelled"> = {
  subject: ({ order }) => `Your MAYBE order ${order.id} was cancelled`,
  Component({ order, by, context }) {
    // The buyer's own cancel confirms what they did; the shop's tells them it happened.
    const what = by === "buyer" ? `As you asked, we have cancelled your order ${order.id}.` : `We have cancelled your order ${order.id}.`;
    return (
      <Layout preview={nothingToPay(order)} heading={orderCancelled.subject({ order }, context)} context={context}>
        <Greeting name={order.shipping.name} />
        <P>{`${what} ${nothingToPay(order)}`}</P>
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
        <P>{`We have refunded your order ${order.id}: ${total} goes back to you the way you paid the invoice${invoiceNumberOf(order) ? ` ${invoiceNumberOf(order)}` : ""}.`}</P>
        <Lines order={order} title="Refunded" totalLabel="Total refunded" />
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
