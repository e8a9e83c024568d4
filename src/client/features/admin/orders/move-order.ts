/**
 * POST /api/admin/orders/{id}/pay | ship | deliver | cancel | refund: one move of the order's state
 * machine. 409 ORDER_CONFLICT when the order's status no longer allows it (another admin moved it
 * first), 400 with `fields` for a ship form the server refuses.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminOrder, OrderNoteInput, ShipOrderInput } from "../../../../common/api/admin-orders";
import type { OrderAction } from "../../../../common/fulfilment";
import { api } from "../../../lib/api";
import { productsKey } from "../../../lib/query-client";
import { adminOrderQueryOptions } from "./get-admin-order";
import { adminOrdersKey } from "./get-admin-orders";

export type OrderMove =
  | { action: "ship"; body: ShipOrderInput }
  | { action: "cancel" | "refund"; body: OrderNoteInput }
  | { action: "pay" | "deliver" };

export function moveOrder(orderId: string, move: OrderMove): Promise<AdminOrder> {
  return api<AdminOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}/${move.action}`, {
    method: "POST",
    body: "body" in move ? move.body : undefined,
  });
}

/** The moves of one order: the answer replaces the order shown; the lists (and the store's stock, on a cancel or refund) refresh. */
export function useMoveOrder(uid: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: OrderMove) => moveOrder(orderId, move),
    onSuccess: (order, move) => {
      queryClient.setQueryData(adminOrderQueryOptions(uid, orderId).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: [...adminOrdersKey(uid), "list"] });
      const restocked: OrderAction[] = ["cancel", "refund"];
      if (restocked.includes(move.action)) void queryClient.invalidateQueries({ queryKey: productsKey });
    },
  });
}
