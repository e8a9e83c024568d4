import type { ReactNode } from "react";
import { Navigate, useParams } from "react-router";
import { paths } from "../../config/paths";
import { useSession } from "../../features/auth/hooks/use-session";
import { OrderDetailPage } from "../../features/orders/components/order-detail-page";
import { OrdersPage } from "../../features/orders/components/orders-page";
import { useDocumentTitle } from "../../hooks/use-document-title";

/** Orders are the signed-in buyer's own: 'Loading...' while unknown, signed-out visitors go to login. */
function SignedIn({ children }: { children: (uid: string) => ReactNode }) {
  const session = useSession();
  if (session.status === "unknown") {
    return (
      <p role="status" className="px-4 py-24 text-center text-lg font-bold">
        Loading...
      </p>
    );
  }
  if (session.status === "signed-out") return <Navigate to={paths.login} replace />;
  return children(session.profile.uid);
}

/** /orders: the buyer's orders, newest first. */
export function OrdersRoute() {
  useDocumentTitle("Your Orders");
  return <SignedIn>{(uid) => <OrdersPage uid={uid} />}</SignedIn>;
}

/** /orders/:orderId: one order (docs/decisions/0009: the site's one route parameter). */
export function OrderRoute() {
  const { orderId = "" } = useParams();
  useDocumentTitle(`Order ${orderId}`);
  return <SignedIn>{(uid) => <OrderDetailPage key={orderId} uid={uid} orderId={orderId} />}</SignedIn>;
}
