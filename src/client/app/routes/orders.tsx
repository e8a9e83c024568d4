import { useParams } from "react-router";
import { OrderDetailPage } from "../../features/orders/components/order-detail-page";
import { OrdersPage } from "../../features/orders/components/orders-page";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { SignedIn } from "./signed-in";

/** /orders: the buyer's orders, newest first. */
export function OrdersRoute() {
  useDocumentTitle("Your Orders");
  return <SignedIn>{(profile) => <OrdersPage uid={profile.uid} />}</SignedIn>;
}

/** /orders/:orderId: one order (docs/decisions/0009). */
export function OrderRoute() {
  const { orderId = "" } = useParams();
  useDocumentTitle(`Order ${orderId}`);
  return <SignedIn>{(profile) => <OrderDetailPage key={orderId} uid={profile.uid} orderId={orderId} />}</SignedIn>;
}
