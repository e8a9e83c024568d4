/**
 * The only dialect-specific code. Queries and migrations ask this module instead of branching
 * on the database kind themselves, so SQLite and PostgreSQL stay one code path.
 */
import { sql, type Expression, type RawBuilder } from "kysely";

export type DialectName = "sqlite" | "postgres";

/** Column type for timestamps: ISO text in SQLite, timestamptz in PostgreSQL. */
export function timestampType(dialect: DialectName) {
  return dialect === "postgres" ? "timestamptz" : "text";
}

/** Column type for epoch-millisecond counters. */
export function bigintType(dialect: DialectName) {
  return dialect === "postgres" ? "bigint" : "integer";
}

/** A timestamp value as the API shows it: ISO 8601, or null. */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** SQLite returns 0/1 for booleans. */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/**
 * Case-insensitive "contains" that treats non-ASCII letters alike on both databases:
 * SQLite's lower() and LIKE fold ASCII only, so the app registers a Unicode-aware `fold()`
 * function on SQLite connections (see client.ts) and PostgreSQL uses lower() with ILIKE.
 */
export function containsInsensitive(
  dialect: DialectName,
  column: Expression<string>,
  needle: string,
): RawBuilder<boolean> {
  const pattern = `%${escapeLike(needle.toLocaleLowerCase())}%`;
  return dialect === "postgres"
    ? sql<boolean>`lower(${column}) like ${pattern} escape '\\'`
    : sql<boolean>`fold(${column}) like ${pattern} escape '\\'`;
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
