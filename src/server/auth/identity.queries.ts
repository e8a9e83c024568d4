/** Reads of Better Auth's own tables that the app's routes need beside Better Auth's API. */
import type { Db } from "../db/client.js";

/** The user a password reset token belongs to, while it is valid (Better Auth's verification row). */
export async function resetTokenUserId(database: Db, token: string): Promise<string | undefined> {
  const row = await database.db
    .selectFrom("verification")
    .select("value")
    .where("identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
  return row?.value;
}
