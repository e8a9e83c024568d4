/** The back office's sections, who may open each, and their names (docs/decisions/0019). */
import { ADMIN_AREAS, hasRole, type Role } from "../../../../common/roles";
import { adminPaths } from "../../../config/admin-paths";

export interface AdminSection {
  to: string;
  label: string;
  /** The least role that opens it. */
  role: Role;
}

// Each section opens for its area's least role, the same table the server's gates read.
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: adminPaths.overview, label: "Overview", role: ADMIN_AREAS.overview },
  { to: adminPaths.orders, label: "Orders", role: ADMIN_AREAS.orders },
  { to: adminPaths.curation, label: "Curation", role: ADMIN_AREAS.curation },
  { to: adminPaths.reports, label: "Reports", role: ADMIN_AREAS.reports },
  { to: adminPaths.comments, label: "Comments", role: ADMIN_AREAS.comments },
  { to: adminPaths.radio, label: "Radio", role: ADMIN_AREAS.radio },
  { to: adminPaths.stats, label: "Stats", role: ADMIN_AREAS.stats },
  { to: adminPaths.inventory, label: "Inventory", role: ADMIN_AREAS.inventory },
  { to: adminPaths.products, label: "Products", role: ADMIN_AREAS.products },
  { to: adminPaths.audit, label: "Audit Log", role: ADMIN_AREAS.audit },
  { to: adminPaths.people, label: "People", role: ADMIN_AREAS.people },
  { to: adminPaths.mail, label: "Mail", role: ADMIN_AREAS.mail },
  { to: adminPaths.newsletter, label: "Newsletter", role: ADMIN_AREAS.newsletter },
];

export function sectionsFor(role: Role): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => hasRole(role, section.role));
}

export const ADMIN_TEXT = {
  title: "Back Office",
  kicker: "Running MAYBE",
} as const;
