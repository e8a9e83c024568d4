import type { Profile } from "../../../common/api/profile.js";
import type { Db } from "../../db/client.js";
import { prepared } from "../../db/prepared.js";
import { boolValue, toBool, toIso } from "../../db/dialect.js";

/** The member's own row: every signed-in page asks for it (GET /api/me), so the query is kept compiled (db/prepared.ts). */
const profileRow = prepared(["userId"], (db, p) =>
  db
    .selectFrom("user")
    .select(["id", "email", "email_verified", "username", "phone", "subscribed", "creator_id", "created_at", "role", "newsletter_since", "comment_mail"])
    .where("id", "=", p.userId),
);

export async function findProfile(database: Db, userId: string): Promise<Profile | undefined> {
  const [row] = await profileRow(database.db, { userId });
  if (!row) return undefined;
  return {
    uid: row.id,
    email: row.email,
    email_verified: toBool(row.email_verified),
    username: row.username,
    phone: row.phone,
    subscribed: toBool(row.subscribed),
    // The account's own consent (features/newsletter/newsletter.queries.ts).
    newsletter: row.newsletter_since !== null,
    comment_mail: toBool(row.comment_mail),
    // Derived, never stored: a user is a creator exactly when a creator record is linked.
    creator: row.creator_id !== null,
    creator_id: row.creator_id,
    joined: toIso(row.created_at) ?? new Date(0).toISOString(),
    role: row.role,
  };
}

/** DECISIONS.md 7: subscribing is free and immediate. */
export async function subscribe(database: Db, userId: string): Promise<void> {
  await database.db
    .updateTable("user")
    .set({ subscribed: boolValue(database.dialect, true), updated_at: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}
