import { useState } from "react";
import { formatCents } from "../../../../common/money";
import { buttonClasses } from "../../../components/ui/button";
import { PageLoadFailed, PageLoading } from "../../../components/layout/page-status";
import { isApiError } from "../../../lib/api";
import { salesCsvHref, useStudioSales } from "./studio-products-api";

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * What sold, per product and size, over a period the creator picks (days in UTC, the last 30 by
 * default), with the stock left and a CSV of the same. No buyer is named: the site ships.
 */
export function SalesView({ uid }: { uid: string }) {
  const [period, setPeriod] = useState(() => ({ from: isoDay(Date.now() - 29 * DAY), to: isoDay(Date.now()) }));
  const [draft, setDraft] = useState(period);
  const sales = useStudioSales(uid, period.from, period.to);
  const refusal = isApiError(sales.error) && sales.error.fields ? Object.values(sales.error.fields)[0] : null;

  return (
    <section aria-labelledby="sales-heading" className="flex flex-col gap-5">
      <h2 id="sales-heading" className="font-heavy text-3xl">
        Sales
      </h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setPeriod(draft);
        }}
      >
        <label className="flex flex-col gap-1 font-bold">
          From
          <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} className="min-h-12 rounded-md border-[3px] border-ink bg-white px-3" />
        </label>
        <label className="flex flex-col gap-1 font-bold">
          To
          <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} className="min-h-12 rounded-md border-[3px] border-ink bg-white px-3" />
        </label>
        <button type="submit" className={buttonClasses({ variant: "dark" })}>
          Show
        </button>
        <a href={salesCsvHref(period.from, period.to)} download className={buttonClasses({ variant: "secondary" })}>
          Download CSV
        </a>
      </form>
      {refusal ? (
        <p role="alert" className="font-bold text-danger">
          {refusal}
        </p>
      ) : sales.isError ? (
        <PageLoadFailed title="Your sales" onRetry={() => void sales.refetch()} />
      ) : sales.isPending ? (
        <PageLoading text="Counting your sales…" />
      ) : (
        <div className="overflow-x-auto rounded-lg border-[3px] border-ink bg-white shadow-hard">
          <table className="w-full min-w-[32rem] text-left">
            <caption className="sr-only">{`Sales from ${sales.data.from} to ${sales.data.to}`}</caption>
            <thead className="border-b-[3px] border-ink bg-yellow-soft">
              <tr>
                <th scope="col" className="p-3">Product</th>
                <th scope="col" className="p-3">Size</th>
                <th scope="col" className="p-3 text-right">Units sold</th>
                <th scope="col" className="p-3 text-right">Revenue</th>
                <th scope="col" className="p-3 text-right">Stock left</th>
              </tr>
            </thead>
            <tbody className="divide-y-2 divide-ink/15">
              {sales.data.rows.map((row) => (
                <tr key={`${row.product_id}-${row.size ?? ""}`}>
                  <td className="p-3 font-bold break-words">{row.title}</td>
                  <td className="p-3">{row.size ?? "—"}</td>
                  <td className="p-3 text-right">{row.units}</td>
                  <td className="p-3 text-right">{formatCents(row.revenue_cents)}</td>
                  <td className="p-3 text-right">{row.stock}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-[3px] border-ink font-heavy">
              <tr>
                <th scope="row" className="p-3" colSpan={2}>Total</th>
                <td className="p-3 text-right">{sales.data.units}</td>
                <td className="p-3 text-right">{formatCents(sales.data.revenue_cents)}</td>
                <td className="p-3" />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
