import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { paths } from "../../config/paths";
import { meQueryKey, type Profile } from "../../features/auth/api/get-me";
import { useSession } from "../../features/auth/hooks/use-session";
import { useCart } from "../../features/cart/cart-provider";
import { useFavorites } from "../../features/favorites/favorites-provider";
import { useSubscribe } from "../../features/store/api/subscribe";
import { useProduct } from "../../features/store/api/get-product";
import { PRODUCT_PARAM, StorePage, type StoreAccess } from "../../features/store/components/store-page";
import type { Product } from "../../features/store/types";
import type { Size } from "../../../common/sizes";
import { useDocumentTitle } from "../../hooks/use-document-title";

/**
 * /store: the store screen, wired to the session (who may shop), the cart and favorites, and the
 * free subscribe of DECISIONS.md 7.
 */
export function StoreRoute() {
  // A shared product link keeps the product's name in the tab, as the server's page titles it.
  const [params] = useSearchParams();
  const productId = params.get(PRODUCT_PARAM) || null;
  const product = useProduct(productId);
  useDocumentTitle(productId && product.data?.id === productId ? product.data.name : "Store");
  const queryClient = useQueryClient();
  const session = useSession();
  const access: StoreAccess =
    session.status === "unknown"
      ? "unknown"
      : session.status === "signed-out"
        ? "signed-out"
        : session.profile.subscribed
          ? "allowed"
          : "unsubscribed";

  const { add, items } = useCart();
  const favorites = useFavorites();
  const subscribe = useSubscribe<Profile>(async (profile) => {
    // The store unlocks at once from the answer; the refetch only confirms it.
    queryClient.setQueryData(meQueryKey, profile);
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  });
  const { mutateAsync: doSubscribe } = subscribe;
  const { setFavorite } = favorites;

  return (
    <StorePage
      access={access}
      uid={session.status === "signed-in" ? session.profile.uid : null}
      paths={{ subscribe: paths.subscribe, login: paths.login, store: paths.store }}
      favoriteProductIds={favorites.ids.products}
      inCart={useCallback((id: string) => items.find((line) => line.id === id)?.quantity ?? 0, [items])}
      addToCart={useCallback(
        (product: Product, size: Size | null) =>
          add({ ...product, size, stock: product.variants.find((v) => v.size === size)?.stock ?? product.stock }),
        [add],
      )}
      setFavorite={useCallback((id: string, favorite: boolean) => setFavorite("product", id, favorite), [setFavorite])}
      subscribe={useCallback(() => doSubscribe(), [doSubscribe])}
    />
  );
}
