import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { paths } from "../../config/paths";
import { meQueryKey, type Profile } from "../../features/auth/api/get-me";
import { useSession } from "../../features/auth/hooks/use-session";
import { useAddCartItem } from "../../features/cart/api/add-cart-item";
import { useFavorites } from "../../features/favorites/api/get-favorites";
import { useSetFavorite } from "../../features/favorites/api/toggle-favorite";
import { useSubscribe } from "../../features/store/api/subscribe";
import { StorePage, type StoreAccess } from "../../features/store/components/store-page";
import { useDocumentTitle } from "../../hooks/use-document-title";

const NO_IDS: readonly string[] = [];

/**
 * /store: the store screen, wired to the session (who may shop), the cart and favorites of the
 * signed-in user, and the free subscribe of DECISIONS.md 7.
 */
export function StoreRoute() {
  useDocumentTitle("Store");
  const queryClient = useQueryClient();
  const session = useSession();
  const uid = session.status === "signed-in" ? session.profile.uid : undefined;
  const access: StoreAccess =
    session.status === "unknown"
      ? "unknown"
      : session.status === "signed-out"
        ? "signed-out"
        : session.profile.subscribed
          ? "allowed"
          : "unsubscribed";

  const favorites = useFavorites(uid);
  const addCartItem = useAddCartItem(uid);
  const setFavorite = useSetFavorite(uid);
  const subscribe = useSubscribe<Profile>(async (profile) => {
    // The store unlocks at once from the answer; the refetch only confirms it.
    queryClient.setQueryData(meQueryKey, profile);
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  });

  const { mutateAsync: add } = addCartItem;
  const { mutateAsync: like } = setFavorite;
  const { mutateAsync: doSubscribe } = subscribe;

  return (
    <StorePage
      access={access}
      paths={{ subscribe: paths.subscribe, login: paths.login }}
      favoriteProductIds={favorites.data?.products ?? NO_IDS}
      addToCart={add}
      setFavorite={useCallback((id: string, liked: boolean) => like({ kind: "product", id, liked }), [like])}
      subscribe={useCallback(() => doSubscribe(), [doSubscribe])}
    />
  );
}
