/**
 * The stories a link table names, read by skipping through its story index: one index probe per
 * distinct story (a recursive "next story id after this one"), not a walk of every story or every
 * link. The store's and the directory's "Filter by Story" ask this of product_story and
 * creator_story: a marketplace has a million stories, of which a few dozen are linked.
 */
import type { ExpressionBuilder } from "kysely";
import type { Db } from "./client.js";
import type { Database } from "./types.js";

type LinkTable = "product_story" | "creator_story";

/** `from linked join story`: the linked stories' rows, for the caller to select from, filter and order. */
export function linkedStoriesQuery(database: Db, table: LinkTable) {
  return database.db
    .withRecursive("linked(story_id)", (db) =>
      db
        .selectNoFrom((eb) => eb.selectFrom(table).select((inner) => inner.fn.min<string>(`${table}.story_id`).as("first")).as("story_id"))
        .unionAll(
          db
            .selectFrom("linked")
            .select((eb: ExpressionBuilder<Database & { linked: { story_id: string | null } }, "linked">) =>
              eb
                .selectFrom(table)
                .select((inner) => inner.fn.min<string>(`${table}.story_id`).as("next"))
                .whereRef(`${table}.story_id`, ">", "linked.story_id")
                .as("story_id"),
            )
            .where("linked.story_id", "is not", null),
        ),
    )
    .selectFrom("linked")
    .innerJoin("story", "story.id", "linked.story_id");
}
