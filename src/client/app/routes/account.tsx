import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate, useParams } from "react-router";
import { PageLoading } from "../../components/layout/page-status";
import { paths } from "../../config/paths";
import { meQueryKey, type Profile } from "../../features/auth/api/get-me";
import { InvoicePage } from "../../features/orders/components/invoice-page";
import { OrderDetailPage } from "../../features/orders/components/order-detail-page";
import { OrdersPage } from "../../features/orders/components/orders-page";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { USER_SCOPE } from "../../lib/query-client";
import { SignedIn } from "./signed-in";

/*
 * The account's signed-in pages: orders (docs/decisions/0009) and Settings (docs/decisions/0020).
 * One module, so the entry, which every visitor loads, names one chunk for both.
 */

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

/** /orders/:orderId/invoice: the order's printable invoice (docs/decisions/0009); it sets its own title. */
export function InvoiceRoute() {
  const { orderId = "" } = useParams();
  return <SignedIn>{(profile) => <InvoicePage key={orderId} uid={profile.uid} orderId={orderId} />}</SignedIn>;
}

// The page's forms (react-hook-form and its sections) download with this module, so the route's
// first render stays within its budget (docs/decisions/0013), as the studio's profile does.
const loadPage = () => import("../../features/account/components/settings-page");
const SettingsPage = lazy(() => loadPage().then((m) => ({ default: m.SettingsPage })));
void loadPage();
// The creators feature's part of the page (issue 32), loaded beside it.
const FollowingSettings = lazy(() => import("../../features/creators/components/following-settings").then((m) => ({ default: m.FollowingSettings })));

/** /settings: the signed-in user's account (docs/decisions/0020). */
export function SettingsRoute() {
  useDocumentTitle("Settings");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  function onProfile(profile: Profile) {
    queryClient.setQueryData(meQueryKey, profile);
  }

  async function onDeleted(message: string) {
    // The page steps aside first: once the caches are dropped its gate would send the visitor to
    // login, and React may render that before it renders the navigation below (a transition).
    flushSync(() => setLeaving(true));
    // Then to the landing page (it shows the sentence instead of sending a signed-in visitor on to
    // /home), and only then the caches.
    await navigate(paths.landing, { replace: true, state: { notice: message } });
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ queryKey: [USER_SCOPE] });
  }

  if (leaving) return <PageLoading />;
  return (
    <SignedIn>
      {(profile) => (
        <Suspense fallback={<PageLoading />}>
          <SettingsPage
            profile={profile}
            onProfile={onProfile}
            onDeleted={(message) => void onDeleted(message)}
            following={<FollowingSettings uid={profile.uid} />}
          />
        </Suspense>
      )}
    </SignedIn>
  );
}
