/**
 * The back office's people (docs/decisions/0019): every account with its role, newest first,
 * keyset-paged, searched by e-mail or username and filtered by role (user_role_idx). Roles change
 * through setRole (roles.queries.ts), which the command line uses too.
 */
import { sql } from "kysely";
import type { PeoplePage, Person } from "../../../../common/api/admin.js";
import type { Role } from "../../../../common/roles.js";
import type { DatedCursor } from "../../../../common/paging.js";
import type { Db } from "../../../db/client.js";
import { timestampSortKey, toIso } from "../../../db/dialect.js";
import { beforeCursor, toPage, type PageRequest } from "../../../db/paging.js";

export interface PeopleFilter {
  q?: string;
  role?: Role;
}

const PERSON_COLUMNS = ["user.id", "user.email", "user.username", "user.role", "user.created_at", "user.creator_id"] as const;

function toPerson(row: { id: string; email: string; username: string; role: Role; created_at: Date | string; creator_id: string | null }): Person {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    joined: toIso(row.created_at) ?? "",
    creator_id: row.creator_id,
  };
}

/** `%`, `_` and the escape character itself as plain text in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listPeople(database: Db, filter: PeopleFilter, page: PageRequest<DatedCursor>): Promise<PeoplePage> {
  const { dialect } = database;
  let query = database.db
    .selectFrom("user")
    .select(PERSON_COLUMNS)
    .select((eb) => timestampSortKey(dialect, eb.ref("user.created_at")).as("sort_key"))
    .orderBy("user.created_at", "desc")
    .orderBy("user.id", "desc")
    .limit(page.limit + 1);
  if (filter.role) query = query.where("user.role", "=", filter.role);
  if (filter.q) {
    // A substring of the e-mail (stored lower case) or the username, case ignored. The staff's
    // list of accounts is read a few times a day: a scan of the user table is affordable here.
    const pattern = likePattern(filter.q.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref("user.email")} like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref("user.username")}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const cursor = page.cursor;
  if (cursor) query = query.where((eb) => beforeCursor(dialect, eb.ref("user.created_at"), eb.ref("user.id"), cursor));
  return toPage(await query.execute(), page.limit, toPerson);
}

export async function findPerson(database: Db, userId: string): Promise<Person | undefined> {
  const row = await database.db.selectFrom("user").select(PERSON_COLUMNS).where("user.id", "=", userId).executeTakeFirst();
  return row && toPerson(row);
}
