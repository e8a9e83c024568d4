import { ShopList } from "../../features/studio/shop/shop-list";
import { SalesView } from "../../features/studio/shop/sales-view";
import { StudioFrame } from "../../features/studio/components/studio-frame";
import { NEW_PRODUCT } from "../../config/paths";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { useParams } from "react-router";
import { ProductEditor } from "../../features/studio/shop/product-editor";
import { CreatorOnly } from "./creator-only";

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
  return (
    <StudioFrame creatorId={creatorId}>
      <ProductEditor uid={uid} productId={productId} />
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
