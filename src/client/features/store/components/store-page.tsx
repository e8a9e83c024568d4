/**
 * The Store screen (spec §2 Store, §4, §5, §8; DECISIONS.md 7). The route gives it who is
 * looking (access) and the cart, favorites and subscribe actions of the other features; this
 * screen owns the catalog queries, the search and filters, the product modal (whose product id
 * lives in the URL as ?productId=) and the notices.
 */
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Notice, useTimedNotice } from "../../../components/ui/notice";
import { failureMessage, isApiError, isNotFound, logFailure } from "../../../lib/api";
import { useProductFacets } from "../api/get-product-facets";
import { productQueryOptions, useProduct } from "../api/get-product";
import { useInfiniteProducts, useProductPage } from "../api/list-products";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import type { Product } from "../types";
import { whenIdle } from "../../../lib/when-idle";
import { countView } from "../../../lib/count-view";
import { ProductGrid } from "./product-grid";
import { StoreFilters, ALL_ITEMS, type StoreFilter } from "./store-filters";
import { StoreGate, type StoreGateProps } from "./store-gate";
import { SharedProduct } from "./shared-product";
import { StoreHero } from "./store-hero";
import { TeeCarousel } from "./tee-carousel";
import { isSize, titleWithSize, type Size } from "../../../../common/sizes";

/** Who is looking: store access needs a signed-in, subscribed profile (spec §4). */
export type StoreAccess = "unknown" | "signed-out" | "unsubscribed" | "allowed";

/**
 * The product modal is its own chunk, fetched when the browser is idle after the store renders:
 * opening a product then finds it loaded, and the store's first load stays within its budget.
 */
const loadProductModal = () => import("./product-modal");
const ProductModal = lazy(() => loadProductModal().then((m) => ({ default: m.ProductModal })));

export const GRID_TITLE = "Featured Artifcats";
export const PRODUCT_PARAM = "productId";
/** The size chosen in the product modal: `&size=M` names one in a shared link. */
export const SIZE_PARAM = "size";
export const PAGE_SIZE = 12;
const CAROUSEL_SIZE = 12;
const SEARCH_DEBOUNCE_MS = 300;

export const MESSAGES = {
  notFound: "That item is no longer available.",
  loadFailed: "That item could not be loaded. Please try again.",
  added: (name: string) => `${name} added to cart!`,
  outOfStock: (name: string) => `Sorry, there is no more ${name} in stock.`,
  addFailed: (name: string) => `${name} could not be added to the cart. Please try again.`,
  favoriteAdded: (name: string) => `${name} added to favorites!`,
  favoriteRemoved: (name: string) => `${name} removed from favorites!`,
  favoriteFailed: "Your favorites could not be updated. Please try again.",
  signInAgain: "Please sign in again to keep shopping.",
  subscribeFailed: "We could not subscribe you just now. Please try again.",
} as const;

export interface StorePageProps {
  access: StoreAccess;
  /** Where a signed-out visitor goes to subscribe or sign in, and the store's own path (a shared product's return). */
  paths: { subscribe: string; login: string; store: string };
  /** Ids of the signed-in user's favorite products. */
  favoriteProductIds: readonly string[];
  /** How many of a cart line (a size, or a product without sizes) the cart holds (0 when none): the modal says when that is all there is. */
  inCart: (lineId: string) => number;
  /** Adds one of a product (in a size, for one sold in sizes) to the cart; rejects with the API's error. */
  addToCart: (product: Product, size: Size | null) => Promise<unknown>;
  /** Makes a product a favorite (true) or not (false); rejects with the API's error. */
  setFavorite: (productId: string, favorite: boolean) => Promise<unknown>;
  /** Subscribes the signed-in user; resolves once the profile says subscribed. */
  subscribe: () => Promise<unknown>;
  /** The signed-in account's id (null for a visitor): 'Notify me' in the modal. */
  uid: string | null;
}

function filterParams(filter: StoreFilter) {
  if (filter.type === "category") return { category: filter.category };
  if (filter.type === "story") return { story: filter.id };
  return {};
}

function itemsText(n: number, more: boolean): string {
  if (more) return `Showing ${n} items, more to load`;
  return `${n} ${n === 1 ? "item" : "items"} found`;
}

export function StorePage({ access, paths, favoriteProductIds, inCart, addToCart, setFavorite, subscribe, uid }: StorePageProps) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const productId = searchParams.get(PRODUCT_PARAM) || null;
  // A product opened here is its view for the stats; the one the page opened with was counted
  // with the page (by the server, or by the app's navigation to it).
  const countedProduct = useRef(productId);
  useEffect(() => {
    if (productId && productId !== countedProduct.current) countView(`${paths.store}?${PRODUCT_PARAM}=${encodeURIComponent(productId)}`);
    countedProduct.current = productId;
  }, [productId, paths.store]);
  const sizeParam = searchParams.get(SIZE_PARAM);
  const chosenSize = isSize(sizeParam) ? sizeParam : null;
  const canShop = access === "allowed";
  const locked = access === "signed-out" || access === "unsubscribed";

  const { message: notice, show: showNotice } = useTimedNotice();
  const [missingMessage, setMissingMessage] = useState<string | null>(null);

  // ---------------------------------------------------------------- catalog
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filter, setFilter] = useState<StoreFilter>(ALL_ITEMS);

  const tees = useProductPage({ kind: "merch", category: "clothing", limit: CAROUSEL_SIZE });
  const facets = useProductFacets("artifact");
  const grid = useInfiniteProducts({ kind: "artifact", q: debouncedSearch, limit: PAGE_SIZE, ...filterParams(filter) });

  // Spec §8: load failures are logged; the lists fall back to their empty states.
  useEffect(() => {
    if (tees.error) console.error("featured tees failed to load", tees.error);
  }, [tees.error]);
  useEffect(() => {
    if (facets.error) console.error("store filters failed to load", facets.error);
  }, [facets.error]);
  useEffect(() => {
    if (grid.error) console.error("store items failed to load", grid.error);
  }, [grid.error]);

  const pages = grid.error ? [] : (grid.data?.pages.map((page) => page.items) ?? []);
  const shownCount = pages.reduce((n, page) => n + page.length, 0);
  const hasMore = !grid.error && Boolean(grid.hasNextPage);
  const gridLoading = grid.isPending && !grid.error;
  const statusText = gridLoading
    ? "Loading items..."
    : grid.isPlaceholderData
      ? "Searching..."
      : itemsText(shownCount, hasMore);

  // ------------------------------------------------------------ product modal
  // Read for everyone: a shopper gets the modal, anyone else the shared product above the gate.
  const product = useProduct(productId);
  const loadedProduct = productId && product.data?.id === productId ? product.data : null;
  const modalProduct = canShop ? loadedProduct : null;
  const sharedProduct = locked ? loadedProduct : null;
  /** Where 'Subscribe to Shop' and 'Sign in' return to: the shared product, when there is one. */
  // Built here from the id, so always a path on this site (the forms check `next` again: lib/return-path.ts).
  const sizePart = chosenSize ? `&${SIZE_PARAM}=${chosenSize}` : "";
  const next = productId ? `?next=${encodeURIComponent(`${paths.store}?${PRODUCT_PARAM}=${encodeURIComponent(productId)}${sizePart}`)}` : "";
  const gatePaths = { subscribe: paths.subscribe + next, login: paths.login + next };
  // Said from the failed read itself, so the server's HTML already says it (the effect below only tidies the URL).
  const productMissing = productId && product.error ? (isNotFound(product.error) ? MESSAGES.notFound : MESSAGES.loadFailed) : null;
  const shownMissing = productMissing ?? missingMessage;
  const triggerRef = useRef<HTMLElement | null>(null);

  const setProductParam = useCallback(
    (id: string | null) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          // Another product (or none): the size chosen was that product's.
          if (next.get(PRODUCT_PARAM) !== id) next.delete(SIZE_PARAM);
          if (id) next.set(PRODUCT_PARAM, id);
          else next.delete(PRODUCT_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  // An id that does not load: the store stays, with a short note, and the parameter goes.
  useEffect(() => {
    if (!productId || !product.error) return;
    logFailure("product failed to load", product.error);
    setMissingMessage(isNotFound(product.error) ? MESSAGES.notFound : MESSAGES.loadFailed);
    setProductParam(null);
  }, [productId, product.error, setProductParam]);

  function openProduct(item: Product, trigger: HTMLElement) {
    triggerRef.current = trigger;
    setMissingMessage(null);
    queryClient.setQueryData(productQueryOptions(item.id).queryKey, item);
    setProductParam(item.id);
  }

  const closeProduct = useCallback(() => setProductParam(null), [setProductParam]);
  const chooseSize = useCallback(
    (size: Size) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(SIZE_PARAM, size);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  // Focus goes back to the card or slide that opened the modal.
  const modalOpen = modalProduct !== null;
  // Mounted from the first open on, so closing plays the dialog's own close (and focus return).
  const [modalMounted, setModalMounted] = useState(false);
  if (modalOpen && !modalMounted) setModalMounted(true);
  useEffect(() => whenIdle(() => void loadProductModal()), []);
  useEffect(() => {
    if (modalOpen) return;
    const trigger = triggerRef.current;
    triggerRef.current = null;
    if (trigger?.isConnected && !trigger.closest("[inert]")) trigger.focus({ preventScroll: true });
  }, [modalOpen]);

  // ------------------------------------------------------------------ actions
  const [addingId, setAddingId] = useState<string | null>(null);
  const favoriteBusy = useRef(false);

  async function handleAddToCart(item: Product, size: Size | null) {
    setAddingId(item.id);
    const name = titleWithSize(item.name, size);
    try {
      await addToCart(item, size);
      showNotice(MESSAGES.added(name));
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      showNotice(
        code === "OUT_OF_STOCK"
          ? MESSAGES.outOfStock(name)
          : code === "UNAUTHORIZED"
            ? MESSAGES.signInAgain
            : failureMessage(error, MESSAGES.addFailed(name)),
        "error",
      );
    } finally {
      setAddingId(null);
    }
  }

  async function handleToggleFavorite(item: Product) {
    if (favoriteBusy.current) return;
    favoriteBusy.current = true;
    const favorite = !favoriteProductIds.includes(item.id);
    try {
      await setFavorite(item.id, favorite);
      showNotice(favorite ? MESSAGES.favoriteAdded(item.name) : MESSAGES.favoriteRemoved(item.name));
    } catch (error) {
      logFailure("favorite change failed", error);
      const code = isApiError(error) ? error.code : undefined;
      showNotice(code === "UNAUTHORIZED" ? MESSAGES.signInAgain : failureMessage(error, MESSAGES.favoriteFailed), "error");
    } finally {
      favoriteBusy.current = false;
    }
  }

  // ----------------------------------------------------------------- the gate
  const [subscribing, setSubscribing] = useState(false);
  const [subscribeError, setSubscribeError] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const focusSearchRef = useRef(false);

  async function handleSubscribe() {
    setSubscribing(true);
    setSubscribeError(null);
    // Set first: the store may unlock before subscribe() resolves. A shared product opens in its
    // modal instead, which takes the focus.
    focusSearchRef.current = !productId;
    try {
      await subscribe();
    } catch (error) {
      focusSearchRef.current = false;
      setSubscribeError(failureMessage(error, MESSAGES.subscribeFailed));
    } finally {
      setSubscribing(false);
    }
  }

  // The gate's button is gone once the store unlocks: focus moves on to the search box.
  useEffect(() => {
    if (!canShop || !focusSearchRef.current) return;
    focusSearchRef.current = false;
    searchRef.current?.focus();
  }, [canShop]);

  const gridHeadingId = useId();
  /** The gate of a visitor or of a signed-in user who has not subscribed; none for a shopper. */
  const gate: StoreGateProps | null =
    access === "signed-out"
      ? { mode: "signed-out", subscribePath: gatePaths.subscribe, loginPath: gatePaths.login }
      : access === "unsubscribed"
        ? { mode: "unsubscribed", subscribing, error: subscribeError, onSubscribe: () => void handleSubscribe() }
        : null;

  return (
    <div className="flex flex-1 flex-col">
      <StoreHero />

      {shownMissing && (
        <div className="mx-auto w-full max-w-6xl px-4 pb-6 sm:px-6">
          <Alert>{shownMissing}</Alert>
        </div>
      )}

      {sharedProduct && gate && <SharedProduct product={sharedProduct} gate={gate} />}

      {/* Keyed apart: reusing the loading box's node for the store would count as that box moving (layout shift). */}
      {access === "unknown" ? (
        <div key="loading" className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6">
          <p role="status" className="rounded-xl border-[3px] border-dashed border-ink bg-white px-5 py-12 text-center text-lg font-bold">
            Loading store...
          </p>
        </div>
      ) : (
        <div key="store" className="relative flex-1">
          <div
            inert={locked}
            data-testid="store-content"
            className="mx-auto flex w-full max-w-6xl flex-col gap-14 px-4 pb-20 sm:gap-16 sm:px-6"
          >
            <TeeCarousel
              products={tees.error ? [] : (tees.data?.items ?? [])}
              loading={tees.isPending && !tees.error}
              paused={!canShop || modalOpen}
              onOpen={openProduct}
            />

            <section aria-labelledby={gridHeadingId} className="flex flex-col gap-6">
              <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
                <h2 id={gridHeadingId} className="font-heavy text-3xl sm:text-4xl">
                  {GRID_TITLE}
                </h2>
                {/* Grows to the row's end and gets new text as a new node, so a count that changes length moves nothing (layout shift). */}
                <p role="status" className="text-sm font-bold text-muted sm:grow sm:text-right">
                  <span key={statusText}>{statusText}</span>
                </p>
              </div>

              <StoreFilters
                search={search}
                onSearchChange={setSearch}
                searchRef={searchRef}
                expanded={filtersOpen}
                onExpandedChange={setFiltersOpen}
                facets={facets.data}
                filter={filter}
                onFilterChange={setFilter}
              />

              <ProductGrid
                pages={pages}
                loading={gridLoading}
                hasMore={hasMore}
                loadingMore={grid.isFetchingNextPage}
                onLoadMore={() => {
                  if (!grid.isFetchingNextPage) void grid.fetchNextPage();
                }}
                onOpen={openProduct}
              />
            </section>
          </div>

          {gate && <StoreGate {...gate} />}
        </div>
      )}

      {modalMounted && (
        <Suspense fallback={null}>
          <ProductModal
            product={modalProduct}
            onClose={closeProduct}
            isFavorite={modalProduct ? favoriteProductIds.includes(modalProduct.id) : false}
            inCart={inCart}
            size={chosenSize}
            onChooseSize={chooseSize}
            adding={addingId !== null && addingId === modalProduct?.id}
            onAddToCart={(item, size) => void handleAddToCart(item, size)}
            onToggleFavorite={(item) => void handleToggleFavorite(item)}
            notice={modalOpen ? notice : null}
            uid={uid}
          />
        </Suspense>
      )}
      <Notice message={modalOpen ? null : notice} />
    </div>
  );
}
