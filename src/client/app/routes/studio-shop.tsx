import type { ReactNode } from "react";
import { useParams } from "react-router";
import { NEW_PRODUCT } from "../../config/paths";
import { StudioFrame } from "../../features/studio/components/studio-frame";
import { ProductEditor } from "../../features/studio/shop/product-editor";
import { SalesView } from "../../features/studio/shop/sales-view";
import { ShopList } from "../../features/studio/shop/shop-list";
import type { Profile } from "../../features/auth/api/get-me";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { CreatorOnly } from "./creator-only";

/** A page of the studio's shop: its title, the creators-only gate and the studio's frame. */
function ShopPage({ title, children }: { title: string; children: (profile: Profile) => ReactNode }) {
  useDocumentTitle(`${title} · Studio`);
  return <CreatorOnly>{(profile) => <StudioFrame creatorId={profile.creator_id}>{children(profile)}</StudioFrame>}</CreatorOnly>;
}

/** /studio/shop: the creator's products (issue 31). */
export function StudioShopRoute() {
  return <ShopPage title="Your Shop">{(profile) => <ShopList uid={profile.uid} />}</ShopPage>;
}

/** /studio/shop/:productId: a product's form; `new` starts one. */
export function StudioProductRoute() {
  const { productId = NEW_PRODUCT } = useParams();
  const isNew = productId === NEW_PRODUCT;
  return (
    <ShopPage title={isNew ? "New Product" : "Product"}>
      {(profile) => <ProductEditor key={productId} uid={profile.uid} productId={isNew ? null : productId} />}
    </ShopPage>
  );
}

/** /studio/sales: what sold, per product and size (docs/decisions/0027). */
export function StudioSalesRoute() {
  return <ShopPage title="Your Sales">{(profile) => <SalesView uid={profile.uid} />}</ShopPage>;
}
