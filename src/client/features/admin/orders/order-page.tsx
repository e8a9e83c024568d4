/**
 * One order in the back office (/admin/orders/:orderId). This part loads the order and says when
 * it cannot; the order itself, with its actions and their forms, loads as a piece of its own
 * (order-detail.tsx), so the back office's first download stays small.
 */
import { ArrowLeft } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ORDER_MESSAGES } from "../../../../common/orders";
import { Button } from "../../../components/ui/button";
import { adminPaths } from "../../../config/admin-paths";
import { isApiError } from "../../../lib/api";
import { useAdminOrder } from "./get-admin-order";
import { ORDER_TEXT } from "./order-texts";

const OrderDetail = lazy(() => import("./order-detail").then((m) => ({ default: m.OrderDetail })));

export function OrderPage({ uid, orderId }: { uid: string; orderId: string }) {
  const order = useAdminOrder(uid, orderId);
  const loading = (
    <p role="status" className="text-lg font-bold">
      {ORDER_TEXT.loading}
    </p>
  );

  if (order.isPending) return loading;
  if (order.isError) {
    const missing = isApiError(order.error) && order.error.status === 404;
    return (
      <div className="flex flex-col items-start gap-4">
        <BackLink />
        <div role="alert" className="flex flex-col items-start gap-4">
          <p className="font-heavy text-2xl">{missing ? ORDER_MESSAGES.notFound : ORDER_TEXT.failed}</p>
          {!missing && (
            <Button variant="secondary" onClick={() => void order.refetch()}>
              Try Again
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <Suspense fallback={loading}>
      <OrderDetail uid={uid} order={order.data} back={<BackLink />} />
    </Suspense>
  );
}

function BackLink() {
  return (
    <Link to={adminPaths.orders} className="link-ink inline-flex items-center gap-1.5 self-start">
      <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={3} />
      {ORDER_TEXT.back}
    </Link>
  );
}
