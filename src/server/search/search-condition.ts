/**
 * Search conditions over the folded `search_text` column of products, stories and creators
 * (search-text.ts): a substring match through the trigram index of each database (FTS5 on SQLite,
 * pg_trgm on PostgreSQL), or LIKE for terms too short to have a trigram. docs/decisions/0011.
 */
import { sql, type RawBuilder } from "kysely";
import type { Db } from "../db/client.js";
import type { DialectName } from "../db/dialect.js";
import { FIELD_SEPARATOR, MIN_INDEXED_TERM, foldSearchText } from "./search-text.js";

export type SearchedTable = "product" | "story" | "creator";

/**
 * The row's search_text (search/search-text.ts) contains the term, folded the same way: a substring
 * match, so punctuation, spaces and LIKE wildcards are plain text. For queries that read every
 * match (the site search, sorted by name; counts).
 * - A term of MIN_INDEXED_TERM code points or more is looked up in the trigram index: on SQLite
 *   the FTS5 table `<table>_search` (a phrase query, which the trigram tokenizer answers with
 *   exact substring matches), on PostgreSQL LIKE on the pg_trgm GIN index.
 * - A shorter term has no trigram: LIKE on search_text, row by row (docs/decisions/0011).
 */
export function searchTextContains(dialect: DialectName, table: SearchedTable, term: string): RawBuilder<boolean> {
  const folded = foldSearchText(term);
  // A term of combining marks only folds to nothing; it names no text, so it finds nothing.
  if (folded === "") return sql<boolean>`1 = 0`;
  if (dialect === "sqlite" && isIndexable(folded)) {
    const fts = sql.table(`${table}_search`);
    return sql<boolean>`${sql.ref(`${table}.id`)} in (select id from ${fts} where ${fts} match ${ftsPhrase(folded)})`;
  }
  return searchTextLike(dialect, table, folded);
}

/**
 * Most matches an ordered list fetches from SQLite's trigram index by id. A term with more is
 * common enough that walking the list's ordered index and testing each row with LIKE fills a page
 * within about `limit × rows ÷ SPARSE_MATCHES` rows, and so costs less than fetching and sorting
 * every match.
 */
export const SPARSE_MATCHES = 500;

/**
 * searchTextContains() for a list walked in the order of an index and cut at one page (products,
 * creators). PostgreSQL's planner weighs the GIN index against the ordered index itself, from its
 * statistics. SQLite's does not know how many rows a MATCH returns, so this asks the FTS5 table
 * for up to SPARSE_MATCHES + 1 ids first: when that is all of them, the list reads just those rows
 * by primary key (no match: nothing at all); when there are more, it walks its ordered index with
 * LIKE on search_text and stops when the page is full.
 */
export async function searchTextCondition(database: Db, table: SearchedTable, term: string): Promise<RawBuilder<boolean>> {
  const folded = foldSearchText(term);
  if (database.dialect !== "sqlite" || folded === "" || !isIndexable(folded)) {
    return searchTextContains(database.dialect, table, term);
  }
  const fts = sql.table(`${table}_search`);
  const { rows } = await sql<{ id: string }>`select id from ${fts} where ${fts} match ${ftsPhrase(folded)} limit ${SPARSE_MATCHES + 1}`.execute(database.db);
  if (rows.length > SPARSE_MATCHES) return searchTextLike("sqlite", table, folded);
  if (rows.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`${sql.ref(`${table}.id`)} in (${sql.join(rows.map((r) => r.id))})`;
}

function isIndexable(folded: string): boolean {
  return [...folded].length >= MIN_INDEXED_TERM;
}

/** An FTS5 phrase: the trigram tokenizer matches it as an exact substring. */
function ftsPhrase(folded: string): string {
  return `"${folded.replace(/"/g, '""')}"`;
}

function searchTextLike(dialect: DialectName, table: SearchedTable, folded: string): RawBuilder<boolean> {
  const column = sql.ref(`${table}.search_text`);
  const pattern = `%${escapeLike(folded)}%`;
  // PostgreSQL's LIKE escapes with a backslash by default; an explicit ESCAPE clause would turn
  // the pattern into a function call that pg_trgm's index support does not look through.
  return dialect === "postgres"
    ? sql<boolean>`${column} like ${pattern}`
    : sql<boolean>`${column} like ${pattern} escape '\\'`;
}

/**
 * The term occurs in the row's first searched field, its name (title, or a creator's full name):
 * its first occurrence in search_text comes before the first field separator. For ordering the
 * rows searchTextContains() already found; it reads only those rows.
 */
export function searchNameContains(dialect: DialectName, table: SearchedTable, term: string): RawBuilder<boolean> {
  const folded = foldSearchText(term);
  const column = sql.ref(`${table}.search_text`);
  const position = (needle: string) =>
    dialect === "postgres" ? sql<number>`strpos(${column}, ${needle})` : sql<number>`instr(${column}, ${needle})`;
  return sql<boolean>`(${position(folded)} between 1 and ${position(FIELD_SEPARATOR)})`;
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
