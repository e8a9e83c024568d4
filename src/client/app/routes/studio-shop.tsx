import { useAnnounce } from "../../components/ui/announcer";
import { ShopList } from "../../features/studio/shop/shop-list";
import { SalesView } from "../../features/studio/shop/sales-view";
import { StudioFrame } from "../../features/studio/components/studio-frame";
import { PageLoadFailed, PageLoading } from "../../components/layout/page-status";
import { NEW_PRODUCT } from "../../config/paths";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { useParams } from "react-router";
import { useStudioProduct } from "../../features/studio/shop/studio-products-api";
import { CreatorOnly } from "./creator-only";
import { lazy, Suspense } from "react";

// The form (with react-hook-form) downloads with this module, beside the product's data, so the
// route's first render stays within its budget (docs/decisions/0013), as the profile form does.
const loadForm = () => import("../../features/studio/shop/product-form");
const ProductForm = lazy(() => loadForm().then((m) => ({ default: m.ProductForm })));

/** /studio/shop: the creator's products (issue 31). */
export function StudioShopRoute() {
  useDocumentTitle("Your Shop · Studio");
  return (
    <CreatorOnly>
      {(profile) => (
        <StudioFrame creatorId={profile.creator_id}>
          <ShopList uid={profile.uid} />
        </StudioFrame>
      )}
    </CreatorOnly>
  );
}

/** /studio/shop/:productId: a product's form; `new` starts one. */
export function StudioProductRoute() {
  const { productId = NEW_PRODUCT } = useParams();
  const isNew = productId === NEW_PRODUCT;
  useDocumentTitle(isNew ? "New Product · Studio" : "Product · Studio");
  return <CreatorOnly>{(profile) => <ProductLoader key={productId} uid={profile.uid} creatorId={profile.creator_id} productId={isNew ? null : productId} />}</CreatorOnly>;
}

function ProductLoader({ uid, creatorId, productId }: { uid: string; creatorId: string; productId: string | null }) {
  const announce = useAnnounce();
  const product = useStudioProduct(uid, productId ?? "", productId !== null);
  let body;
  if (productId === null) body = <ProductForm uid={uid} product={null} onDone={announce} />;
  else if (product.isError) body = <PageLoadFailed title="This product" onRetry={() => void product.refetch()} />;
  else if (product.isPending) body = <PageLoading text="Loading the product…" />;
  else body = <ProductForm key={product.data.version} uid={uid} product={product.data} onDone={announce} />;
  return (
    <StudioFrame creatorId={creatorId}>
      <h2 className="font-heavy text-3xl">{productId === null ? "New product" : (product.data?.title ?? "Product")}</h2>
      <Suspense fallback={<PageLoading text="Loading the form…" />}>{body}</Suspense>
    </StudioFrame>
  );
}

/** /studio/sales: what sold, per product and size (docs/decisions/0027). */
export function StudioSalesRoute() {
  useDocumentTitle("Your Sales · Studio");
  return (
    <CreatorOnly>
      {(profile) => (
        <StudioFrame creatorId={profile.creator_id}>
          <SalesView uid={profile.uid} />
        </StudioFrame>
      )}
    </CreatorOnly>
  );
}
