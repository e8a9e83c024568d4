/**
 * POST /api/admin/inventory/{productId}/adjust: 400 with a message per field, 409 STOCK_CONFLICT
 * (with the current stock in `details`) when it would go below 0, 404 for a product gone.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InventoryItem, StockAdjustmentInput } from "../../../../common/api/admin";
import { api } from "../../../lib/api";
import { productsKey } from "../../../lib/query-client";
import { adminKey } from "../shared/keys";

export function adjustStock(productId: string, adjustment: StockAdjustmentInput): Promise<InventoryItem> {
  return api<InventoryItem>(`/api/admin/inventory/${encodeURIComponent(productId)}/adjust`, { method: "POST", body: adjustment });
}

/** After a change: the inventory, the overview and the audit log, and the store's products, are asked again. */
export function useAdjustStock(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, adjustment }: { productId: string; adjustment: StockAdjustmentInput }) => adjustStock(productId, adjustment),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKey(uid) });
      void queryClient.invalidateQueries({ queryKey: productsKey });
    },
  });
}
