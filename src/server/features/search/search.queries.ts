import { sql } from "kysely";
import type { SearchResults } from "../../../common/api-types.js";
import { formatCents } from "../../../common/money.js";
import type { Db } from "../../db/client.js";
import { boolValue, containsInsensitive } from "../../db/dialect.js";
import { HITS_PER_KIND } from "./search.routes.js";

/** 0 when the name matches, 1 when only the text does: names first. */
function nameFirst(database: Db, name: Parameters<typeof containsInsensitive>[1], q: string) {
  return sql<number>`case when ${containsInsensitive(database.dialect, name, q)} then 0 else 1 end`;
}

export async function searchSite(database: Db, q: string): Promise<SearchResults> {
  const { db, dialect } = database;
  const [stories, creators, products] = await Promise.all([
    db
      .selectFrom("story")
      .select(["id", "title", "city"])
      .where((eb) =>
        eb.or([containsInsensitive(dialect, eb.ref("title"), q), containsInsensitive(dialect, eb.ref("description"), q)]),
      )
      .orderBy((eb) => nameFirst(database, eb.ref("title"), q))
      .orderBy("title")
      .limit(HITS_PER_KIND)
      .execute(),
    db
      .selectFrom("creator")
      .select(["id", "first_name", "last_name", "city", "state"])
      .where("approved", "=", boolValue(dialect, true))
      .where((eb) => {
        const name = sql<string>`${eb.ref("first_name")} || ' ' || ${eb.ref("last_name")}`;
        return eb.or([
          containsInsensitive(dialect, name, q),
          containsInsensitive(dialect, eb.ref("bio"), q),
          containsInsensitive(dialect, eb.ref("city"), q),
        ]);
      })
      .orderBy((eb) => nameFirst(database, sql<string>`${eb.ref("first_name")} || ' ' || ${eb.ref("last_name")}`, q))
      .orderBy("first_name")
      .orderBy("last_name")
      .limit(HITS_PER_KIND)
      .execute(),
    db
      .selectFrom("product")
      .select(["id", "title", "price_cents"])
      .where((eb) =>
        eb.or([containsInsensitive(dialect, eb.ref("title"), q), containsInsensitive(dialect, eb.ref("description"), q)]),
      )
      .orderBy((eb) => nameFirst(database, eb.ref("title"), q))
      .orderBy("title")
      .limit(HITS_PER_KIND)
      .execute(),
  ]);
  return {
    stories: stories.map((s) => ({ id: s.id, title: s.title, subtitle: s.city })),
    creators: creators.map((c) => ({
      id: c.id,
      title: `${c.first_name} ${c.last_name}`.trim(),
      subtitle: [c.city, c.state].filter(Boolean).join(", "),
    })),
    products: products.map((p) => ({ id: p.id, title: p.title, subtitle: formatCents(p.price_cents) })),
  };
}
