/**
 * The studio's shop (/api/studio/products, /api/studio/sales): the creator's products, drafts
 * included, and their sales. Keyed under the user (lib/query-client.ts), so signing out drops
 * them. Each write puts the product it answers into the cache and refreshes the shop's list, the
 * sales and the public reads it changes (the store, the creator's page).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { StockAdjustmentInput } from "../../../../common/api/admin";
import type { SalesReport } from "../../../../common/api/studio-sales";
import type { ProductDraftInput, ProductUpdateInput, StudioProduct } from "../../../../common/api/studio-products";
import { api } from "../../../lib/api";
import { creatorsKey, productsKey, userKey } from "../../../lib/query-client";

export type { StudioProduct };

const BASE = "/api/studio/products";
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const studioProductsKey = (uid: string) => userKey(uid, "studio", "products");
export const studioProductKey = (uid: string, id: string) => userKey(uid, "studio", "product", id);
export const studioSalesKey = (uid: string, from: string, to: string) => userKey(uid, "studio", "sales", from, to);

export function studioProductsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: studioProductsKey(uid),
    queryFn: ({ signal }) => api<{ items: StudioProduct[] }>(BASE, { signal }),
  });
}

export function useStudioProducts(uid: string) {
  return useQuery(studioProductsQueryOptions(uid));
}

export function useStudioProduct(uid: string, id: string, enabled = true) {
  return useQuery({
    queryKey: studioProductKey(uid, id),
    queryFn: ({ signal }) => api<StudioProduct>(one(id), { signal }),
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

function run(action: ProductAction): Promise<StudioProduct> {
  switch (action.kind) {
    case "create":
      return api<StudioProduct>(BASE, { method: "POST", body: action.draft });
    case "update":
      return api<StudioProduct>(one(action.id), { method: "PUT", body: action.update });
    case "publish":
    case "unpublish":
    case "archive":
      return api<StudioProduct>(`${one(action.id)}/${action.kind}`, { method: "POST", body: { version: action.version } });
    case "duplicate":
      return api<StudioProduct>(`${one(action.id)}/duplicate`, { method: "POST" });
    case "stock":
      return api<StudioProduct>(`${one(action.id)}/stock`, { method: "POST", body: action.adjustment });
  }
}

function productChanged(queryClient: QueryClient, uid: string, product: StudioProduct) {
  queryClient.setQueryData(studioProductKey(uid, product.id), product);
  void queryClient.invalidateQueries({ queryKey: studioProductsKey(uid) });
  void queryClient.invalidateQueries({ queryKey: userKey(uid, "studio", "sales") });
  void queryClient.invalidateQueries({ queryKey: productsKey });
  void queryClient.invalidateQueries({ queryKey: creatorsKey });
}

/** Any write that answers a product. */
export function useProductAction(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (product) => productChanged(queryClient, uid, product) });
}
