/**
 * A seller's products: the creator's in the studio's shop (/api/studio/products, with their sales
 * at /api/studio/sales), or the house's in the back office (/api/admin/products), the same routes
 * under another path (ProductPlace). Drafts included. Keyed under the user (lib/query-client.ts), so signing out drops
 * them. Each write puts the product it answers into the cache and refreshes the shop's list, the
 * sales and the public reads it changes (the store, the creator's page).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import type { StockAdjustmentInput } from "../../../../common/api/admin";
import type { SalesReport } from "../../../../common/api/studio-sales";
import type { ProductDraftInput, ProductUpdateInput, StudioProduct } from "../../../../common/api/studio-products";
import { api } from "../../../lib/api";
import { creatorsKey, productsKey, userKey } from "../../../lib/query-client";
import { studioProductPath } from "../../../config/paths";

export type { StudioProduct };

/** Whose products the shop's list, form and stock show, and where they live. */
export interface ProductPlace {
  /** Keys the cached answers apart. */
  name: "studio" | "house";
  api: "/api/studio/products" | "/api/admin/products";
  /** The page of one product (or of a new one). */
  pagePath: (productId: string) => string;
  /** "Your products" or "The house's products". */
  heading: string;
}

export const STUDIO_PLACE: ProductPlace = { name: "studio", api: "/api/studio/products", pagePath: studioProductPath, heading: "Your products" };

const ProductPlaceContext = createContext<ProductPlace>(STUDIO_PLACE);
export const ProductPlaceProvider = ProductPlaceContext.Provider;
export const useProductPlace = () => useContext(ProductPlaceContext);

const one = (place: ProductPlace, id: string) => `${place.api}/${encodeURIComponent(id)}`;

const productsListKey = (uid: string, place: ProductPlace) => userKey(uid, place.name, "products");
const productKey = (uid: string, id: string, place: ProductPlace) => userKey(uid, place.name, "product", id);
const studioSalesKey = (uid: string, from: string, to: string) => userKey(uid, "studio", "sales", from, to);

function productsQueryOptions(uid: string, place: ProductPlace) {
  return queryOptions({
    queryKey: productsListKey(uid, place),
    queryFn: ({ signal }) => api<{ items: StudioProduct[] }>(place.api, { signal }),
  });
}

export function useStudioProducts(uid: string) {
  return useQuery(productsQueryOptions(uid, useProductPlace()));
}

export function useStudioProduct(uid: string, id: string, enabled = true) {
  const place = useProductPlace();
  return useQuery({
    queryKey: productKey(uid, id, place),
    queryFn: ({ signal }) => api<StudioProduct>(one(place, id), { signal }),
    // The form holds its own copy while open: a refetch on focus would only hide a conflict.
    refetchOnWindowFocus: false,
    enabled,
  });
}

/** The sales of a period (days, UTC, both included). */
export function useStudioSales(uid: string, from: string, to: string) {
  return useQuery({
    queryKey: studioSalesKey(uid, from, to),
    queryFn: ({ signal }) => api<SalesReport>(`/api/studio/sales?from=${from}&to=${to}`, { signal }),
  });
}

/** Where the CSV of a period downloads from. */
export const salesCsvHref = (from: string, to: string) => `/api/studio/sales.csv?from=${from}&to=${to}`;

export type ProductAction =
  | { kind: "create"; draft: ProductDraftInput }
  | { kind: "update"; id: string; update: ProductUpdateInput }
  | { kind: "publish" | "unpublish" | "archive"; id: string; version: number }
  | { kind: "duplicate"; id: string }
  | { kind: "stock"; id: string; adjustment: StockAdjustmentInput };

function run(place: ProductPlace, action: ProductAction): Promise<StudioProduct> {
  switch (action.kind) {
    case "create":
      return api<StudioProduct>(place.api, { method: "POST", body: action.draft });
    case "update":
      return api<StudioProduct>(one(place, action.id), { method: "PUT", body: action.update });
    case "publish":
    case "unpublish":
    case "archive":
      return api<StudioProduct>(`${one(place, action.id)}/${action.kind}`, { method: "POST", body: { version: action.version } });
    case "duplicate":
      return api<StudioProduct>(`${one(place, action.id)}/duplicate`, { method: "POST" });
    case "stock":
      return api<StudioProduct>(`${one(place, action.id)}/stock`, { method: "POST", body: action.adjustment });
  }
}

function productChanged(queryClient: QueryClient, uid: string, place: ProductPlace, product: StudioProduct) {
  queryClient.setQueryData(productKey(uid, product.id, place), product);
  void queryClient.invalidateQueries({ queryKey: productsListKey(uid, place) });
  void queryClient.invalidateQueries({ queryKey: userKey(uid, "studio", "sales") });
  void queryClient.invalidateQueries({ queryKey: productsKey });
  void queryClient.invalidateQueries({ queryKey: creatorsKey });
}

/** Any write that answers a product. */
export function useProductAction(uid: string) {
  const queryClient = useQueryClient();
  const place = useProductPlace();
  return useMutation({ mutationFn: (action: ProductAction) => run(place, action), onSuccess: (product) => productChanged(queryClient, uid, place, product) });
}
