/**
 * The folded text that search reads (docs/decisions/0011). The app computes it in JavaScript on
 * every write and stores it in a `search_text` column, so SQLite and PostgreSQL index and compare
 * byte-identical text: no database collation, no runtime locale and no per-row function call.
 *
 * Folding: compatibility decomposition (NFKD: "ﬁ" → "fi", "①" → "1"), combining marks dropped
 * ("Café" → "Cafe", Turkish "İ" → "I"), then full case folding by upper- then lower-casing with
 * the locale-independent String methods ("ß" → "SS" → "ss", "ı" → "I" → "i"). A query is folded
 * the same way, so "cafe" finds "Café" and "STRASSE" finds "Straße", and the reverse.
 */

/** Terms shorter than this (in code points, after folding) cannot use a trigram index. */
export const MIN_INDEXED_TERM = 3;

/**
 * Separates the fields of one row's search text. The search term can never hold it (the routes
 * refuse control characters), so a match never runs from one field into the next.
 */
export const FIELD_SEPARATOR = "\n";

const COMBINING_MARKS = /\p{M}/gu;

export function foldSearchText(text: string): string {
  const stripped = text.normalize("NFKD").replace(COMBINING_MARKS, "");
  // Case mapping can produce new decomposable or combining characters (e.g. "ǰ" upper-cases to
  // "J̌"), so decompose and strip once more.
  return stripped.toUpperCase().toLowerCase().normalize("NFKD").replace(COMBINING_MARKS, "");
}

/** One row's search text: the folded fields, joined by FIELD_SEPARATOR, the name first. */
function joinFields(...fields: string[]): string {
  return fields.map(foldSearchText).join(FIELD_SEPARATOR);
}

/** Products are searched by title (their name) and description. */
export function productSearchText(row: { title: string; description: string }): string {
  return joinFields(row.title, row.description);
}

/** Stories are searched by title (their name) and description. */
export function storySearchText(row: { title: string; description: string }): string {
  return joinFields(row.title, row.description);
}

/** Creators are searched by full name ("first last"), bio and city. */
export function creatorSearchText(row: { first_name: string; last_name: string; bio: string; city: string }): string {
  return joinFields(`${row.first_name} ${row.last_name}`, row.bio, row.city);
}
