/** Plain SQL over either database, for checking what a crashed server left behind. */
import Database from "better-sqlite3";
import pg from "pg";
import type { ScratchDb } from "./server.js";

export interface Reader {
  all<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** `?` placeholders in, `$n` for PostgreSQL. */
export async function openReader(db: ScratchDb): Promise<Reader> {
  if (db.dialect === "sqlite") {
    const handle = new Database(db.url.replace(/^file:/, ""));
    return {
      all: async <T>(text: string, params: unknown[] = []) => {
        const statement = handle.prepare(text);
        if (statement.reader) return statement.all(...params) as T[];
        statement.run(...params);
        return [];
      },
      close: async () => {
        handle.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  return {
    all: async <T>(text: string, params: unknown[] = []) => {
      let i = 0;
      return (await client.query(text.replace(/\?/g, () => `$${++i}`), params)).rows as T[];
    },
    close: () => client.end(),
  };
}
