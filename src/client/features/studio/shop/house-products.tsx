/**
 * The house's own products (no creator) in the back office, for admins: the studio's shop list and
 * product form on /api/admin/products (docs/decisions/0028), shown by the back office's routes
 * (app/routes/admin.tsx). A creator's products are theirs to
 * edit; the inventory adjusts anyone's stock and curation hides anything.
 */
import { adminProductPath } from "../../../config/admin-paths";
import { ProductEditor } from "./product-editor";
import { ShopList } from "./shop-list";
import { ProductPlaceProvider, type ProductPlace } from "./studio-products-api";

const HOUSE_PLACE: ProductPlace = { name: "house", api: "/api/admin/products", pagePath: adminProductPath, heading: "The house's products" };

export function HouseProductsPage({ uid }: { uid: string }) {
  return (
    <ProductPlaceProvider value={HOUSE_PLACE}>
      <ShopList uid={uid} />
    </ProductPlaceProvider>
  );
}

export function HouseProductPage({ uid, productId }: { uid: string; productId: string | null }) {
  return (
    <ProductPlaceProvider value={HOUSE_PLACE}>
      <ProductEditor uid={uid} productId={productId} />
    </ProductPlaceProvider>
  );
}
