/**
 * The back office, /admin/* (docs/decisions/0019): one lazy chunk with its own routes. Each
 * section opens for its least role (lib/sections.ts); anyone else sees the site's 404 page, and
 * the server answers them 404 (src/server/pages/pages.ts).
 */
import { useRef, type ReactNode } from "react";
import { useParams, useRoutes } from "react-router";
import { ADMIN_AREAS, type AdminArea } from "../../../common/roles";
import type { Profile } from "../../features/auth/api/get-me";
import { AdminFrame } from "../../features/admin/shared/admin-frame";
import { AuditPage } from "../../features/admin/audit/audit-page";
import { CommentsPage } from "../../features/admin/comments/comments-page";
import { MailPage } from "../../features/admin/mail/mail-page";
import { IssuePage } from "../../features/admin/newsletter/issue-page";
import { NewsletterPage } from "../../features/admin/newsletter/newsletter-page";
import { CurationPage } from "../../features/admin/curation/curation-page";
import { InventoryPage } from "../../features/admin/inventory/inventory-page";
import { OrderPage } from "../../features/admin/orders/order-page";
import { OrdersPage } from "../../features/admin/orders/orders-page";
import { OverviewPage } from "../../features/admin/overview/overview-page";
import { PackingSlipPage } from "../../features/admin/orders/packing-slip-page";
import { PeoplePage } from "../../features/admin/people/people-page";
import { RadioPage } from "../../features/admin/radio/radio-page";
import { StatsPage } from "../../features/stats/stats-page";
import { HouseProductPage, HouseProductsPage } from "../../features/studio/shop/house-products";
import { NEW_PRODUCT } from "../../config/paths";
import { NEW_ISSUE } from "../../config/admin-paths";
import { ReportsPage } from "../../features/admin/reports/reports-page";
import { NotFound } from "../shell/not-found";
import { StaffOnly } from "./staff-only";

/**
 * A section: its gate (the area's least role, from ADMIN_AREAS, as the server's), its title
 * (document, once the gate lets the viewer in, and heading) and the frame with the section tabs.
 */
function Section({ area, title, heading, children }: { area: AdminArea; title: string; heading?: ReactNode; children: (profile: Profile) => ReactNode }) {
  return (
    <StaffOnly role={ADMIN_AREAS[area]} title={`${title} · Back Office`}>
      {(profile) => (
        <AdminFrame role={profile.role} title={title} heading={heading}>
          {children(profile)}
        </AdminFrame>
      )}
    </StaffOnly>
  );
}

function OrderSection({ slip }: { slip: boolean }) {
  const orderId = useParams().orderId ?? "";
  const name = slip ? "Packing Slip" : "Order";
  // The number never breaks at its hyphen; the name wraps above it on narrow screens.
  const heading = (
    <>
      {name} <span className="whitespace-nowrap">{orderId}</span>
    </>
  );
  return (
    <Section area="orders" title={`${name} ${orderId}`} heading={heading}>
      {(profile) => (slip ? <PackingSlipPage uid={profile.uid} orderId={orderId} /> : <OrderPage uid={profile.uid} orderId={orderId} />)}
    </Section>
  );
}

function IssueSection() {
  const issueId = useParams().issueId ?? "";
  // A new issue just saved moves to its address and stays the same page (its editor keeps what was typed).
  const created = useRef<string | null>(null);
  const key = issueId === created.current ? NEW_ISSUE : issueId;
  return (
    <Section area="newsletter" title="Newsletter">
      {(profile) => <IssuePage key={key} uid={profile.uid} issueId={issueId} onCreated={(id) => (created.current = id)} />}
    </Section>
  );
}

function ProductSection() {
  const productId = useParams().productId ?? NEW_PRODUCT;
  const isNew = productId === NEW_PRODUCT;
  return (
    <Section area="products" title={isNew ? "New Product" : "Product"}>
      {(profile) => <HouseProductPage key={productId} uid={profile.uid} productId={isNew ? null : productId} />}
    </Section>
  );
}

/** useRoutes, not <Routes>: the entry chunk already holds it, <Routes> would add its JSX reader there. */
export function AdminRoute() {
  return useRoutes([
    { index: true, element: <Section area="overview" title="Overview">{(profile) => <OverviewPage uid={profile.uid} role={profile.role} />}</Section> },
    { path: "orders", element: <Section area="orders" title="Orders">{(profile) => <OrdersPage uid={profile.uid} />}</Section> },
    { path: "orders/:orderId", element: <OrderSection slip={false} /> },
    { path: "orders/:orderId/slip", element: <OrderSection slip /> },
    { path: "curation", element: <Section area="curation" title="Curation">{(profile) => <CurationPage uid={profile.uid} />}</Section> },
    { path: "reports", element: <Section area="reports" title="Reports">{(profile) => <ReportsPage uid={profile.uid} />}</Section> },
    { path: "comments", element: <Section area="comments" title="Comments">{(profile) => <CommentsPage uid={profile.uid} />}</Section> },
    { path: "radio", element: <Section area="radio" title="Radio">{(profile) => <RadioPage uid={profile.uid} />}</Section> },
    { path: "stats", element: <Section area="stats" title="Stats">{(profile) => <StatsPage uid={profile.uid} scope="site" />}</Section> },
    { path: "inventory", element: <Section area="inventory" title="Inventory">{(profile) => <InventoryPage uid={profile.uid} />}</Section> },
    { path: "products", element: <Section area="products" title="Products">{(profile) => <HouseProductsPage uid={profile.uid} />}</Section> },
    { path: "products/:productId", element: <ProductSection /> },
    { path: "audit", element: <Section area="audit" title="Audit Log">{(profile) => <AuditPage uid={profile.uid} role={profile.role} />}</Section> },
    { path: "people", element: <Section area="people" title="People">{(profile) => <PeoplePage uid={profile.uid} />}</Section> },
    { path: "mail", element: <Section area="mail" title="Mail">{(profile) => <MailPage uid={profile.uid} />}</Section> },
    { path: "newsletter", element: <Section area="newsletter" title="Newsletter">{(profile) => <NewsletterPage uid={profile.uid} />}</Section> },
    { path: "newsletter/:issueId", element: <IssueSection /> },
    { path: "*", element: <NotFound /> },
  ]);
}
