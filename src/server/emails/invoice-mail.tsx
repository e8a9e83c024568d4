/**
 * The invoice e-mail (docs/decisions/0009, "Invoices"), sent with the order confirmation: the
 * number and dates, who sells and who is billed, every line with its unit price, the sums, and how
 * to pay (bank details, a payment link, the reference to quote). The printable page
 * (/orders/:orderId/invoice) shows the same invoice; the words are common/invoices.ts's.
 */
import type { CSSProperties } from "react";
import { formatInvoiceDate, INVOICE_TEXT } from "../../common/invoices.js";
import { formatCents } from "../../common/money.js";
import { Action, Greeting, InlineLink, Layout, P, mailStyles } from "./layout.js";
import { Lines } from "./order-mails.js";
import type { MailTemplate } from "./template.js";

const label: CSSProperties = { ...mailStyles.text, margin: 0, padding: "2px 16px 2px 0", color: "#555555", verticalAlign: "top", whiteSpace: "nowrap" };
const value: CSSProperties = { ...mailStyles.text, margin: 0, padding: "2px 0", fontWeight: 700, verticalAlign: "top" };

/** A block of lines under a bold title: the seller, the buyer, the bank details. */
function Block({ title, lines }: { title: string; lines: string[] }) {
  return (
    <P>
      <strong>{`${title}:`}</strong>
      {lines.map((line, i) => (
        <span key={i}>
          <br />
          {line}
        </span>
      ))}
    </P>
  );
}

const VIEW_AND_PRINT = "View and print your invoice";

export const orderInvoice: MailTemplate<"order-invoice"> = {
  subject: ({ invoice }) => `Invoice ${invoice.number} for your MAYBE order ${invoice.order_id}`,
  Component({ invoice, context }) {
    const total = formatCents(invoice.total_cents);
    const due = formatInvoiceDate(invoice.due_at);
    const { seller, buyer, payment } = invoice;
    const page = `${context.publicUrl}/orders/${encodeURIComponent(invoice.order_id)}/invoice`;
    return (
      <Layout preview={`${total} due by ${due}. Please quote ${invoice.number}.`} heading={`${INVOICE_TEXT.title} ${invoice.number}`} context={context}>
        <Greeting name={buyer.name} />
        <P>{`Here is the invoice for your order ${invoice.order_id}. Please pay ${total} by ${due}, quoting ${invoice.number}.`}</P>
        <table role="presentation" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", margin: "0 0 16px" }}>
          <tbody>
            {[
              [INVOICE_TEXT.number, invoice.number],
              [INVOICE_TEXT.date, formatInvoiceDate(invoice.issued_at)],
              [INVOICE_TEXT.due, due],
              [INVOICE_TEXT.order, invoice.order_id],
            ].map(([term, detail]) => (
              <tr key={term} data-text="sum">
                <td style={label}>{`${term}:`}</td>
                <td style={value}>{detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Block title={INVOICE_TEXT.from} lines={[seller.name, ...seller.address, seller.email, ...(seller.tax_id ? [INVOICE_TEXT.taxId(seller.tax_id)] : [])]} />
        <Block
          title={INVOICE_TEXT.billedTo}
          lines={[buyer.name, buyer.address_line1, buyer.address_line2, `${buyer.city}, ${buyer.state} ${buyer.zip}`, buyer.email].filter(Boolean)}
        />
        <Lines order={invoice} totalLabel={INVOICE_TEXT.totalDue} subtotal unitPrices />
        <P strong>{`${INVOICE_TEXT.howToPay}:`}</P>
        {payment.bank_details.length > 0 ? <Block title={INVOICE_TEXT.bankTransfer} lines={payment.bank_details} /> : null}
        <P>{INVOICE_TEXT.reference(payment.reference)}</P>
        {/* One button: paying when the shop takes payment online, else the invoice to print. */}
        {payment.link ? (
          <>
            <Action label={INVOICE_TEXT.payAmountOnline(total)} url={payment.link} />
            <P>
              <InlineLink href={page}>{VIEW_AND_PRINT}</InlineLink>
            </P>
          </>
        ) : (
          <Action label={VIEW_AND_PRINT} url={page} />
        )}
      </Layout>
    );
  },
};
