import { Link } from "react-router";
import { formatCents } from "../../../../common/money";
import { buttonClasses } from "../../../components/ui/button";
import { PageLoadFailed, PageLoading } from "../../../components/layout/page-status";
import { NEW_PRODUCT } from "../../../config/paths";
import { DropTime } from "../../../components/ui/drop-time";
import { useProductPlace, useStudioProducts, type StudioProduct } from "./studio-products-api";

const STATUS_LABEL: Record<StudioProduct["status"], string> = { draft: "Draft", published: "On sale", archived: "Archived" };

/** The seller's products (the creator's, or the house's), newest first: status, price, stock per size, and the way into each. */
export function ShopList({ uid }: { uid: string }) {
  const products = useStudioProducts(uid);
  const place = useProductPlace();
  if (products.isError) return <PageLoadFailed title={place.heading} onRetry={() => void products.refetch()} />;
  if (products.isPending) return <PageLoading text="Loading your products…" />;
  const items = products.data.items;
  return (
    <section aria-labelledby="shop-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="shop-heading" className="font-heavy text-3xl">
          {place.heading}
        </h2>
        <Link to={place.pagePath(NEW_PRODUCT)} className={buttonClasses()}>
          New product
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="text-lg">Nothing for sale yet. Start with a new product: a tee in sizes, a print, a record.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard-sm">
              <div className="flex min-w-0 flex-col gap-1">
                <Link to={place.pagePath(p.id)} className="link-ink font-heavy text-xl break-words">
                  {p.title}
                </Link>
                <p className="text-sm text-muted">
                  {formatCents(p.price_cents)} ·{" "}
                  {p.variants.some((v) => v.size) ? p.variants.map((v) => `${v.size} ${v.stock}`).join(" · ") : `${p.stock} in stock`}
                  {p.edition_size !== null && ` · edition of ${p.edition_size}`}
                </p>
              </div>
              <p className="rounded-full border-2 border-ink bg-yellow-soft px-3 py-0.5 text-sm font-black uppercase">
                {p.status === "published" && p.drops_at ? <DropTime at={p.drops_at} /> : STATUS_LABEL[p.status]}
                {p.hidden && " · hidden by curators"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
