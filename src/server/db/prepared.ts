/**
 * Queries kept compiled per shape (issue 36, docs/decisions/0035). Kysely builds and compiles a
 * query on every call: for the cart's lines that took 31-37 µs, against 12.6 µs for SQLite to run
 * it (the statement itself is kept by statement-cache.ts). A hot read's query is built once per
 * database with a marker in place of each value, compiled, and from then on only run, each call's
 * values bound where the markers were.
 *
 * Only for values that stay one parameter each (an id, a number, a date's text): a value that
 * changes the query's shape (an IN list, an optional filter) cannot be a marker, and a marker that
 * lands anywhere but in the parameters (inlined as a literal) is refused when the query is first
 * compiled, as is a key the query does not use.
 */
import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "./types.js";

const MARK = "\u0000prepared:";
const markerOf = (key: string) => `${MARK}${key}\u0000`;

type Slot = { key: string } | { value: unknown };

interface Shape {
  compiled: CompiledQuery;
  slots: Slot[];
}

/**
 * `build(db, markers)` makes the query with `markers[key]` where each value goes (typed `never`,
 * so a marker fits a column of any type); the returned function runs it with `values`, compiled
 * once for each database it is given.
 */
export function prepared<K extends string, R>(keys: readonly K[], build: (db: Kysely<Database>, markers: Record<K, never>) => Compilable<R>) {
  const shapes = new WeakMap<Kysely<Database>, Shape>();
  const markers = Object.fromEntries(keys.map((key) => [key, markerOf(key)])) as Record<K, never>;
  const byMarker = new Map<unknown, K>(keys.map((key) => [markerOf(key), key]));

  function shapeFor(db: Kysely<Database>): Shape {
    let shape = shapes.get(db);
    if (shape) return shape;
    const compiled = build(db, markers).compile();
    if (compiled.sql.includes(MARK)) throw new Error("prepared: a marker was written into the SQL itself; only parameters can be prepared");
    const slots: Slot[] = compiled.parameters.map((value) => {
      const key = byMarker.get(value);
      return key === undefined ? { value } : { key };
    });
    for (const key of keys) {
      if (!slots.some((slot) => "key" in slot && slot.key === key)) throw new Error(`prepared: the query does not use "${key}"`);
    }
    shape = { compiled, slots };
    shapes.set(db, shape);
    return shape;
  }

  return async (db: Kysely<Database>, values: Record<K, unknown>): Promise<R[]> => {
    const { compiled, slots } = shapeFor(db);
    const parameters = slots.map((slot) => ("key" in slot ? values[slot.key as K] : slot.value));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
