/** The back office's people (docs/decisions/0019): every account with its role, and role changes. */
import { ADMIN_MESSAGES } from "../../../../common/api/admin.js";
import type { AppDeps } from "../../../app-deps.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";
import { ApiError } from "../../../lib/api-error.js";
import { createRouter } from "../../../lib/router.js";
import { cursorOf } from "../contract.js";
import { findPerson, listPeople } from "./people.queries.js";
import { listPeopleRoute, setRoleRoute } from "./people.routes.js";
import { setRole } from "./roles.queries.js";

export function adminPeopleRouter(deps: AppDeps) {
  const { database } = deps;
  const router = createRouter();
  router.use("/api/admin/people/*", staffOnly(deps, "people"));
  return router
    .openapi(listPeopleRoute, async (c) => {
      const { q, role, cursor, limit } = c.req.valid("query");
      return c.json(await listPeople(database, { q, role }, { cursor: cursorOf(cursor), limit }), 200);
    })
    .openapi(setRoleRoute, async (c) => {
      const staff = staffOf(c);
      const { userId } = c.req.valid("param");
      const { role } = c.req.valid("json");
      const result = await setRole(database, { userId }, role, {
        id: staff.userId,
        email: staff.email,
      });
      if (!result.ok) {
        if (result.reason === "last-admin") throw new ApiError(409, "LAST_ADMIN", ADMIN_MESSAGES.lastAdmin);
        throw new ApiError(404, "NOT_FOUND", ADMIN_MESSAGES.personNotFound);
      }
      const person = await findPerson(database, userId);
      if (!person) throw new ApiError(404, "NOT_FOUND", ADMIN_MESSAGES.personNotFound);
      return c.json(person, 200);
    });
}
