/** Back-office accounts for the browser tests: users with a role, made by the factories as the app writes them. */
import type { Role } from "../src/common/roles.js";
import { DEFAULT_PASSWORD, insertUser } from "../src/server/db/seed/factories.js";
import { uniqueAccount, withE2eDatabase } from "./fixtures";

/** An account with this role (the e2e server seeds no sample admin); sign in with its email and password. */
export async function createStaffAccount(role: Role) {
  const account = uniqueAccount(role);
  const rows = await withE2eDatabase((database) =>
    insertUser(database, { role, email: account.email, username: account.username, phone: account.phone }),
  );
  return { email: rows.user.email, username: account.username, password: DEFAULT_PASSWORD, uid: rows.user.id };
}
