/** `npm run db:migrate | db:seed | db:reset` against DATABASE_URL (default ./data/maybe.db). */
import { sql } from "kysely";
import { loadConfig } from "../config.js";
import { createDb, type Db } from "./client.js";
import { migrateToLatest } from "./migrate.js";
import { seed, seedIfEmpty } from "./seed/index.js";

async function dropEverything(database: Db) {
  if (database.dialect === "postgres") {
    await sql`drop schema public cascade`.execute(database.db);
    await sql`create schema public`.execute(database.db);
    return;
  }
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  database.sqlite!.pragma("foreign_keys = OFF");
  for (const table of tables) await database.db.schema.dropTable(table.name).ifExists().execute();
  database.sqlite!.pragma("foreign_keys = ON");
}

async function main(command: string | undefined) {
  const config = loadConfig();
  const database = createDb(config.databaseUrl);
  try {
    if (command === "migrate") {
      const applied = await migrateToLatest(database);
      console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Already up to date.");
    } else if (command === "seed") {
      await migrateToLatest(database);
      console.log((await seedIfEmpty(database, { sampleAccounts: config.env === "development" })) ? "Seeded sample content." : "Database already has content; nothing seeded.");
    } else if (command === "reset") {
      await dropEverything(database);
      await migrateToLatest(database);
      await seed(database, { sampleAccounts: config.env === "development" });
      console.log("Database reset: migrated and seeded.");
    } else {
      console.error("Usage: tsx src/server/db/cli.ts migrate|seed|reset");
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
