/**
 * A newsletter issue sent (`newsletter:<issue>`, docs/decisions/0031), expanded to everyone on the
 * list: the accounts that said yes (`user.newsletter_since`) and the footer's confirmed sign-ups.
 * One ordering over both, by a key (`a:<user id>` or `e:<address>`), so the cursor resumes a batch
 * after the last key written; each e-mail's dedupe key is the issue's and that key, so a batch
 * written twice (a restart) sends no one two. The issue's subject and body are read at expansion:
 * the last edit before it starts sending is what goes. A footer sign-up still waiting for its
 * confirmation is not on the list, and gets nothing.
 */
import { sql } from "kysely";
import type { Db } from "../../db/client.js";
import { writeBatch, type Announcement, type Mail } from "./batch.js";

interface ListRow {
  k: string;
  email: string;
  user_id: string | null;
  name: string;
}

/** One batch of the list, after `cursor` in key order. */
function listAfter(database: Db, cursor: string | null, limit: number) {
  return sql<ListRow>`
    select k, email, user_id, name from (
      select 'a:' || id as k, lower(email) as email, id as user_id, coalesce(nullif(name, ''), username) as name
        from "user" where newsletter_since is not null
      union all
      select 'e:' || email as k, email, cast(null as text) as user_id, '' as name
        from newsletter_subscriber where confirmed_at is not null
    ) list
    where k > ${cursor ?? ""}
    order by k
    limit ${limit}`.execute(database.db);
}

export async function expandNewsletter(database: Db, row: Announcement, token: string, now: Date, batchSize: number): Promise<boolean> {
  const issue = await database.db.selectFrom("newsletter_issue").select(["id", "subject", "body"]).where("id", "=", row.subject_id ?? "").executeTakeFirst();
  // Deleted since (only a draft can be, so this is a race lost): nothing to send.
  if (!issue) return writeBatch(database, row, token, { cursor: row.cursor, last: true, mails: [] }, now);
  const { rows } = await listAfter(database, row.cursor, batchSize);
  const topic = `newsletter:${issue.id}`;
  const mails: Mail[] = rows.map((r) => ({
    user: { id: r.user_id, email: r.email, name: r.name },
    template: "newsletter-issue",
    props: { subject: issue.subject, body: issue.body },
    dedupeKey: `${topic}:${r.k}`,
    topic,
  }));
  return writeBatch(database, row, token, { cursor: rows.at(-1)?.k ?? row.cursor, last: rows.length < batchSize, mails }, now);
}
