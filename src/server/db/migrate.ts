/** Runs the migrations in `migrations/` with Kysely's Migrator, in file-name order. */
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely";
import type { Db } from "./client.js";
import * as m0001 from "./migrations/0001_initial.js";
import * as m0002 from "./migrations/0002_newsletter.js";
import * as m0003 from "./migrations/0003_creator_directory.js";
import * as m0004 from "./migrations/0004_orders.js";
import * as m0005 from "./migrations/0005_search_index.js";
import * as m0006 from "./migrations/0006_creator_studio.js";
import * as m0007 from "./migrations/0007_back_office.js";
import * as m0008 from "./migrations/0008_curation.js";
import * as m0009 from "./migrations/0009_accounts.js";
import * as m0010 from "./migrations/0010_invoices.js";
import * as m0011 from "./migrations/0011_account_consent_and_reports.js";
import * as m0012 from "./migrations/0012_drops.js";
import * as m0013 from "./migrations/0013_variants.js";
import * as m0014 from "./migrations/0014_product_images_and_stories.js";
import * as m0015 from "./migrations/0015_follows.js";
import * as m0016 from "./migrations/0016_announcements.js";
import * as m0017 from "./migrations/0017_stock_alerts.js";
import * as m0018 from "./migrations/0018_creator_messages.js";
import * as m0019 from "./migrations/0019_newsletter_issues.js";
import * as m0020 from "./migrations/0020_comments.js";
import * as m0021 from "./migrations/0021_comment_reports.js";
import * as m0022 from "./migrations/0022_top_level_comment_indexes.js";
import * as m0023 from "./migrations/0023_radio_tracks.js";
import * as m0024 from "./migrations/0024_track_favorites.js";
import * as m0025 from "./migrations/0025_stats.js";
import * as m0026 from "./migrations/0026_creator_newest_indexes.js";

type MigrationModule = {
  up: (db: Parameters<Migration["up"]>[0], dialect: Db["dialect"]) => Promise<void>;
  down?: Migration["down"];
};

// Listed explicitly (not read from disk) so the same code runs from source and from a bundle.
const MIGRATIONS: Record<string, MigrationModule> = {
  "0001_initial": m0001,
  "0002_newsletter": m0002,
  "0003_creator_directory": m0003,
  "0004_orders": m0004,
  "0005_search_index": m0005,
  "0006_creator_studio": m0006,
  "0007_back_office": m0007,
  "0008_curation": m0008,
  "0009_accounts": m0009,
  "0010_invoices": m0010,
  "0011_account_consent_and_reports": m0011,
  "0012_drops": m0012,
  "0013_variants": m0013,
  "0014_product_images_and_stories": m0014,
  "0015_follows": m0015,
  "0016_announcements": m0016,
  "0017_stock_alerts": m0017,
  "0018_creator_messages": m0018,
  "0019_newsletter_issues": m0019,
  "0020_comments": m0020,
  "0021_comment_reports": m0021,
  "0022_top_level_comment_indexes": m0022,
  "0023_radio_tracks": m0023,
  "0024_track_favorites": m0024,
  "0025_stats": m0025,
  "0026_creator_newest_indexes": m0026,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Db["dialect"]) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, mod]) => [
        name,
        { up: (db) => mod.up(db, this.dialect), down: mod.down },
      ]),
    );
  }
}

function migrator(database: Db) {
  return new Migrator({
    db: database.db,
    provider: new StaticProvider(database.dialect),
    // Branches number their migrations ahead of time, so one may land after a later number has
    // already run on a database; each migration is independent of the others' order.
    allowUnorderedMigrations: true,
  });
}

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

export async function migrateToLatest(database: Db): Promise<string[]> {
  return applied(await migrator(database).migrateToLatest());
}

/** Runs the migrations up to and including `name`: a database as an older release left it. */
export async function migrateTo(database: Db, name: string): Promise<string[]> {
  return applied(await migrator(database).migrateTo(name));
}
