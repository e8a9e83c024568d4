import { formatCents } from "../../../../common/money";
import type { OrderLine } from "../../../../common/api/orders";
import { orderLineText } from "../../../../common/sizes";

/** An order's lines as the shop reads them: item, quantity, price of one and the line's total. */
export function OrderLinesTable({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">Ordered items</caption>
      <thead className="border-b-[3px] border-ink text-xs tracking-wide uppercase">
        <tr>
          <th scope="col" className="py-2 pr-3 font-black">
            Item
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-black">
            Qty
          </th>
          <th scope="col" className="hidden py-2 pr-3 text-right font-black sm:table-cell">
            Price
          </th>
          <th scope="col" className="py-2 text-right font-black">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="divide-y-2 divide-ink/15">
        {lines.map((line) => (
          <tr key={line.variant_id}>
            <td className="py-2.5 pr-3 font-bold break-words">{orderLineText(line)}</td>
            <td className="py-2.5 pr-3 text-right">{line.quantity}</td>
            <td className="hidden py-2.5 pr-3 text-right sm:table-cell">{line.price}</td>
            <td className="py-2.5 text-right font-bold">{formatCents(line.line_total_cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
