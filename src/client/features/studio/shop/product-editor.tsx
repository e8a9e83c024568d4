/**
 * One product's page, in the studio or the back office (ProductPlace): its heading and its form,
 * loaded with its data; `productId` null starts a new one. The form (with react-hook-form)
 * downloads with this module, beside the product's data, so the routes' first render stays within
 * its budget (docs/decisions/0013), as the profile form does.
 */
import { lazy, Suspense } from "react";
import { useAnnounce } from "../../../components/ui/announcer";
import { PageLoadFailed, PageLoading } from "../../../components/layout/page-status";
import { useStudioProduct } from "./studio-products-api";

const ProductForm = lazy(() => import("./product-form").then((m) => ({ default: m.ProductForm })));

export function ProductEditor({ uid, productId }: { uid: string; productId: string | null }) {
  const announce = useAnnounce();
  const product = useStudioProduct(uid, productId ?? "", productId !== null);
  let body;
  if (productId === null) body = <ProductForm uid={uid} product={null} onDone={announce} />;
  else if (product.isError) body = <PageLoadFailed title="This product" onRetry={() => void product.refetch()} />;
  else if (product.isPending) body = <PageLoading text="Loading the product…" />;
  // Keyed by version: a save remounts the form with the saved product's values.
  else body = <ProductForm key={product.data.version} uid={uid} product={product.data} onDone={announce} />;
  return (
    <>
      <h2 className="font-heavy text-3xl">{productId === null ? "New product" : (product.data?.title ?? "Product")}</h2>
      <Suspense fallback={<PageLoading text="Loading the form…" />}>{body}</Suspense>
    </>
  );
}
