import { sql } from "kysely";
import type { Db } from "../../db/client.js";

/** Whether an account already uses `email` (Better Auth stores emails lower-cased). */
export async function emailRegistered(database: Db, email: string): Promise<boolean> {
  const row = await database.db
    .selectFrom("user")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
