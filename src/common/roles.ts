/**
 * Who may do what in the back office (docs/decisions/0019). Every user has one role; the server
 * checks it on every /api/admin route, the client only uses it to show the way in.
 */
export const ROLES = ["member", "curator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  member: "Member",
  curator: "Curator",
  admin: "Admin",
};

const RANK: Record<Role, number> = { member: 0, curator: 1, admin: 2 };

/** True when `role` may do what `needed` may: an admin does everything a curator does. */
export function hasRole(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

/** Curators and admins reach the back office; members see the site's 404 there. */
export function isStaff(role: Role): boolean {
  return hasRole(role, "curator");
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/**
 * The back office's areas, /api/admin/<area> on the server and /admin/<area> in the browser, and
 * the least role each opens for: the server's gates (staffOnly takes an area, never a role), the
 * client's section gates and tabs, the pages' 404 for anyone else and the permission test
 * (features/admin/permissions.test.ts) all read this one table, so a new area must say who may use it.
 */
export const ADMIN_AREAS = {
  overview: "curator",
  orders: "admin",
  curation: "curator",
  reports: "curator",
  comments: "curator",
  radio: "curator",
  stats: "curator",
  inventory: "admin",
  products: "admin",
  audit: "curator",
  people: "admin",
  mail: "admin",
  newsletter: "admin",
} as const satisfies Record<string, Role>;
export type AdminArea = keyof typeof ADMIN_AREAS;
