/**
 * The printable invoice of one of the buyer's orders (/orders/:orderId/invoice, docs/decisions/0009):
 * the same invoice the e-mail carries. On paper only the invoice prints: the site's header, footer
 * and banners, and this page's links and buttons, are hidden; the payment link prints as its address.
 */
import { ArrowLeft, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Invoice } from "../../../../common/api/invoices";
import { formatInvoiceDate, INVOICE_TEXT } from "../../../../common/invoices";
import { formatCents } from "../../../../common/money";
import { ORDER_MESSAGES } from "../../../../common/orders";
import { Button, buttonClasses } from "../../../components/ui/button";
import { orderPath } from "../../../config/paths";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { isApiError } from "../../../lib/api";
import { useInvoice } from "../api/get-invoice";
import { orderLineText } from "../../../../common/sizes";

export const INVOICE_PAGE_TEXT = {
  back: "Back to order",
  print: "Print",
  loading: "Loading invoice...",
  missing: "We could not find an invoice for that order.",
  failed: "This invoice could not be loaded.",
} as const;

/** What the invoice says of its payment, as its status stands now. */
function statusLine(invoice: Invoice): string {
  switch (invoice.status) {
    case "due":
      return INVOICE_TEXT.status.due(formatInvoiceDate(invoice.due_at));
    case "paid":
      return INVOICE_TEXT.status.paid(invoice.paid_at ? formatInvoiceDate(invoice.paid_at) : null);
    case "void":
      return INVOICE_TEXT.status.void;
    case "refunded":
      return INVOICE_TEXT.status.refunded;
  }
}

export function InvoicePage({ uid, orderId }: { uid: string; orderId: string }) {
  const invoice = useInvoice(uid, orderId);
  useDocumentTitle(invoice.data ? `${INVOICE_TEXT.title} ${invoice.data.number}` : `${INVOICE_TEXT.title} for Order ${orderId}`);
  const back = (
    <Link to={orderPath(orderId)} className="link-ink inline-flex items-center gap-1.5 self-start font-bold print:hidden">
      <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={3} />
      {INVOICE_PAGE_TEXT.back}
    </Link>
  );

  if (invoice.isPending) {
    return (
      <Shell>
        <p role="status" className="text-lg font-bold">
          {INVOICE_PAGE_TEXT.loading}
        </p>
      </Shell>
    );
  }
  if (invoice.isError) {
    const missing = isApiError(invoice.error) && invoice.error.status === 404;
    return (
      <Shell>
        {back}
        <div role="alert" className="flex flex-col items-start gap-4">
          <p className="font-heavy text-2xl">{missing ? ORDER_MESSAGES.notFound : INVOICE_PAGE_TEXT.failed}</p>
          {!missing && (
            <Button variant="secondary" onClick={() => void invoice.refetch()}>
              Try Again
            </Button>
          )}
        </div>
      </Shell>
    );
  }

  const inv = invoice.data;
  const { seller, buyer, payment } = inv;
  const sums = [
    [INVOICE_TEXT.subtotal, inv.subtotal_cents],
    [INVOICE_TEXT.shipping, inv.shipping_cents],
  ] as const;
  return (
    <Shell>
      <div className="flex flex-wrap items-center gap-4 print:hidden">
        {back}
        <Button variant="dark" className="ml-auto" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-5" strokeWidth={2.75} />
          {INVOICE_PAGE_TEXT.print}
        </Button>
      </div>

      <article
        aria-labelledby="invoice-title"
        className="flex flex-col gap-7 rounded-lg border-[3px] border-ink bg-white p-5 shadow-hard sm:p-8 print:rounded-none print:border-0 print:p-0 print:shadow-none"
      >
        <header className="flex flex-wrap items-start justify-between gap-x-8 gap-y-4 border-b-[3px] border-ink pb-5">
          <div className="flex flex-col gap-1">
            <p className="font-heavy text-3xl">MAYBE</p>
            <h1 id="invoice-title" className="text-sm font-black tracking-wide uppercase">
              {INVOICE_TEXT.title} <span className="whitespace-nowrap">{inv.number}</span>
            </h1>
          </div>
          <dl aria-label="Invoice details" className="grid grid-cols-[auto_auto] gap-x-4 gap-y-0.5 text-sm">
            <Fact term={INVOICE_TEXT.number}>{inv.number}</Fact>
            <Fact term={INVOICE_TEXT.date}>{formatInvoiceDate(inv.issued_at)}</Fact>
            <Fact term={INVOICE_TEXT.due}>{formatInvoiceDate(inv.due_at)}</Fact>
            <Fact term={INVOICE_TEXT.order}>{inv.order_id}</Fact>
          </dl>
        </header>

        <p className="self-start rounded-md border-[3px] border-ink bg-yellow-soft px-3 py-1.5 font-bold print:border-2 print:bg-transparent">
          {statusLine(inv)}
        </p>

        <div className="grid gap-6 sm:grid-cols-2">
          <Party id="invoice-from" title={INVOICE_TEXT.from}>
            <span className="font-bold">{seller.name}</span>
            {seller.address.map((line, i) => (
              <span key={i}>{line}</span>
            ))}
            <span className="break-all">{seller.email}</span>
            {seller.tax_id && <span>{INVOICE_TEXT.taxId(seller.tax_id)}</span>}
          </Party>
          <Party id="invoice-billed-to" title={INVOICE_TEXT.billedTo}>
            <span className="font-bold">{buyer.name}</span>
            <span>{buyer.address_line1}</span>
            {buyer.address_line2 && <span>{buyer.address_line2}</span>}
            <span>
              {buyer.city}, {buyer.state} {buyer.zip}
            </span>
            <span className="break-all">{buyer.email}</span>
          </Party>
        </div>

        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Invoiced items</caption>
          <thead className="border-b-[3px] border-ink text-xs tracking-wide uppercase sm:text-sm">
            <tr>
              <th scope="col" className="py-2 pr-3 font-black">
                {INVOICE_TEXT.item}
              </th>
              <th scope="col" className="w-12 py-2 pr-3 text-right font-black">
                {INVOICE_TEXT.quantity}
              </th>
              <th scope="col" className="hidden py-2 pr-3 text-right font-black sm:table-cell print:table-cell">
                {INVOICE_TEXT.unitPrice}
              </th>
              <th scope="col" className="py-2 text-right font-black">
                {INVOICE_TEXT.amount}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y-2 divide-ink/15">
            {inv.items.map((line) => (
              <tr key={line.variant_id} className="align-top">
                <td className="py-2.5 pr-3 break-words">
                  {orderLineText(line)}
                  {/* The unit price's column is left out on a narrow screen: it goes under the name. */}
                  <span className="block text-sm text-muted sm:hidden print:hidden">{formatCents(line.price_cents)} each</span>
                </td>
                <td className="py-2.5 pr-3 text-right">{line.quantity}</td>
                <td className="hidden py-2.5 pr-3 text-right whitespace-nowrap sm:table-cell print:table-cell">{formatCents(line.price_cents)}</td>
                <td className="py-2.5 text-right font-bold whitespace-nowrap">{formatCents(line.line_total_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl aria-label="Invoice total" className="ml-auto flex w-full max-w-xs flex-col gap-1.5">
          {sums.map(([name, cents]) => (
            <div key={name} className="flex justify-between gap-4">
              <dt className="text-muted">{name}</dt>
              <dd className="font-bold">{formatCents(cents)}</dd>
            </div>
          ))}
          <div className="mt-1 flex justify-between gap-4 border-t-[3px] border-ink pt-2 text-lg">
            <dt className="font-heavy">{inv.status === "due" ? INVOICE_TEXT.totalDue : INVOICE_TEXT.total}</dt>
            <dd className="font-heavy">{formatCents(inv.total_cents)}</dd>
          </div>
        </dl>

        {inv.status === "due" && (
          <section aria-labelledby="invoice-pay" className="flex flex-col gap-3 border-t-[3px] border-ink pt-5">
            <h2 id="invoice-pay" className="text-sm font-black tracking-wide uppercase">
              {INVOICE_TEXT.howToPay}
            </h2>
            {payment.bank_details.length > 0 && (
              <div className="flex flex-col">
                <span className="font-bold">{INVOICE_TEXT.bankTransfer}</span>
                {payment.bank_details.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </div>
            )}
            {payment.link && (
              <p className="flex flex-col items-start gap-1">
                <a href={payment.link} rel="noopener" className={buttonClasses({ variant: "dark" }, "print:hidden")}>
                  {INVOICE_TEXT.payAmountOnline(formatCents(inv.total_cents))}
                </a>
                <span className="hidden break-all print:inline">
                  {INVOICE_TEXT.payOnline}: {payment.link}
                </span>
              </p>
            )}
            <p className="font-bold">{INVOICE_TEXT.reference(payment.reference)}</p>
          </section>
        )}

        <p className="border-t-[3px] border-ink pt-4 text-sm text-muted">
          Questions about this invoice? Write to <span className="break-all">{seller.email}</span>.
        </p>
      </article>
    </Shell>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="font-bold whitespace-nowrap">{children}</dd>
    </>
  );
}

function Party({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1.5">
      <h2 id={id} className="text-sm font-black tracking-wide uppercase">
        {title}
      </h2>
      <address className="flex flex-col not-italic">{children}</address>
    </section>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14 print:max-w-none print:p-0">{children}</div>;
}
