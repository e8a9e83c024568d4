import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Invoice } from "../../../../common/api/invoices";
import { api } from "../../../lib/api";
import { ordersKey } from "./get-orders";

/** GET /api/orders/{id}/invoice: the invoice of one of the buyer's orders; 404 for any other id. */
export function getInvoice(orderId: string, signal?: AbortSignal): Promise<Invoice> {
  return api<Invoice>(`/api/orders/${encodeURIComponent(orderId)}/invoice`, { signal });
}

export function useInvoice(uid: string, orderId: string) {
  // Under the orders' key: a cancel or a payment refetches it with the order.
  return useQuery(
    queryOptions({
      queryKey: [...ordersKey(uid), "invoice", orderId] as const,
      queryFn: ({ signal }) => getInvoice(orderId, signal),
      staleTime: 0,
    }),
  );
}
