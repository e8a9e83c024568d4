/**
 * Unique visitors without cookies (Plausible's method, docs/decisions/0034): a visitor is
 * sha256(the day's random salt, the site, the address, the browser string), cut to 16 bytes. Each
 * UTC day has its own salt, made by whichever instance needs it first and shared through the
 * database; a salt is deleted two days on, and with it any way to tie a hash to an address or two
 * days' hashes to one person. The address and the browser string are never written anywhere.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

export const DAY_MS = 86_400_000;

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

export function visitorHash(salt: string, site: string, address: string, agent: string): string {
  return createHash("sha256").update(salt).update("\0").update(site).update("\0").update(address).update("\0").update(agent).digest("base64url").slice(0, 22);
}

/** Today's salt, and yesterday's while it lasts, remembered; a day's is written once for every instance. */
export function createSalts(db: Kysely<Database>) {
  const known = new Map<string, string>();
  return {
    async of(day: string): Promise<string> {
      const found = known.get(day);
      if (found) return found;
      await db
        .insertInto("stat_salt")
        .values({ day, salt: randomBytes(32).toString("base64url") })
        .onConflict((oc) => oc.column("day").doNothing())
        .execute();
      const row = await db.selectFrom("stat_salt").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
      for (const old of known.keys()) if (old < addDays(day, -1)) known.delete(old);
      known.set(day, row.salt);
      return row.salt;
    },
  };
}
export type Salts = ReturnType<typeof createSalts>;

/** Deletes every salt older than yesterday's (rollup.ts runs it). */
export async function deleteOldSalts(db: Kysely<Database>, today: string): Promise<number> {
  const result = await db.deleteFrom("stat_salt").where("day", "<", addDays(today, -1)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
