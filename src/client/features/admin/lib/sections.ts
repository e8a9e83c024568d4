/** The back office's sections, who may open each, and their names (docs/decisions/0019). */
import { hasRole, type Role } from "../../../../common/roles";
import { adminPaths } from "../../../config/admin-paths";

export interface AdminSection {
  to: string;
  label: string;
  /** The least role that opens it. */
  role: Role;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: adminPaths.overview, label: "Overview", role: "curator" },
  { to: adminPaths.orders, label: "Orders", role: "admin" },
  { to: adminPaths.curation, label: "Curation", role: "curator" },
  { to: adminPaths.reports, label: "Reports", role: "curator" },
  { to: adminPaths.inventory, label: "Inventory", role: "admin" },
  { to: adminPaths.audit, label: "Audit Log", role: "curator" },
  { to: adminPaths.people, label: "People", role: "admin" },
];

export function sectionsFor(role: Role): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => hasRole(role, section.role));
}

export const ADMIN_TEXT = {
  title: "Back Office",
  kicker: "Running MAYBE",
} as const;
