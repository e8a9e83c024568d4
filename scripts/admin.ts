/**
 * Roles from the command line, against DATABASE_URL (default ./data/maybe.db):
 *   npm run admin -- grant someone@example.com admin|curator
 *   npm run admin -- revoke someone@example.com
 * The first admin is made here; admins grant roles in the back office after that. Each change is
 * in the audit log, by "command line". docs/decisions/0019.
 */
import { loadConfig } from "../src/server/config.js";
import { createDb } from "../src/server/db/client.js";
import { migrateToLatest } from "../src/server/db/migrate.js";
import { CLI_ACTOR } from "../src/server/features/admin/audit/audit.service.js";
import { setRole } from "../src/server/features/admin/people/roles.queries.js";
import { isRole, type Role } from "../src/common/roles.js";

const USAGE = "Usage: npm run admin -- grant <email> admin|curator\n       npm run admin -- revoke <email>";

async function main(args: string[]): Promise<number> {
  const [command, email, roleArg] = args;
  let role: Role;
  if (command === "grant" && email && isRole(roleArg) && roleArg !== "member") role = roleArg;
  else if (command === "revoke" && email && roleArg === undefined) role = "member";
  else {
    console.error(USAGE);
    return 2;
  }
  const database = createDb(loadConfig().databaseUrl);
  try {
    await migrateToLatest(database);
    const result = await setRole(database, { email }, role, CLI_ACTOR, { allowNoAdmin: true });
    if (!result.ok) {
      console.error(`No account uses the e-mail ${email}. Sign up first, then grant the role.`);
      return 1;
    }
    console.log(
      result.before === result.after
        ? `${result.email} is already ${result.after}; nothing changed.`
        : `${result.email}: ${result.before} → ${result.after}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
