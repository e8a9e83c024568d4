import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "../../../../common/api/orders";
import { api } from "../../../lib/api";
import { productsKey } from "../../../lib/query-client";
import { orderQueryOptions } from "./get-order";
import { ordersKey } from "./get-orders";

/** POST /api/orders/{id}/cancel: only a placed order; 409 NOT_CANCELLABLE otherwise. */
export function cancelOrder(orderId: string): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, { method: "POST" });
}

/** Cancels, then shows the cancelled order and the stock it gave back to the store. */
export function useCancelOrder(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryOptions(uid, order.id).queryKey, order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKey(uid) }),
        queryClient.invalidateQueries({ queryKey: productsKey }),
      ]);
    },
  });
}
