/**
 * What a counted page or action is about (docs/decisions/0034): a story, a product, a track, a
 * creator, or for the other public pages the page itself (by its path). A page's item comes from
 * the page table (common/pages.ts): only server-rendered pages are public, so only they count; a
 * product shown in the store's modal or shared as `/store?productId=` is that product's view.
 */
import type { Kysely } from "kysely";
import { PAGES, type PageId } from "../../../common/pages.js";
import type { StatsItemKind } from "../../../common/stats.js";
import type { Database } from "../../db/types.js";

export interface ItemRef {
  kind: StatsItemKind;
  /** The item's id; a page's path. */
  id: string;
}

const PUBLIC_PAGES = (Object.keys(PAGES) as PageId[])
  .filter((id) => PAGES[id].render === "server")
  .map((id) => ({ id, segments: PAGES[id].path.split("/").filter(Boolean) }));

/** The item a public page's path and query name; undefined for any other path. */
export function itemOfPage(pathname: string, search: string): ItemRef | undefined {
  const segments = pathname.split("/").filter(Boolean);
  for (const page of PUBLIC_PAGES) {
    if (page.segments.length !== segments.length) continue;
    let param: string | undefined;
    let match = true;
    for (let i = 0; i < segments.length; i += 1) {
      const pattern = page.segments[i]!;
      if (pattern.startsWith(":")) {
        try {
          param = decodeURIComponent(segments[i]!);
        } catch {
          match = false;
        }
      } else if (pattern !== segments[i]) match = false;
      if (!match) break;
    }
    if (!match) continue;
    if (page.id === "story" && param) return { kind: "story", id: param };
    if (page.id === "creator" && param) return { kind: "creator", id: param };
    if (page.id === "store") {
      const productId = new URLSearchParams(search).get("productId");
      if (productId) return { kind: "product", id: productId };
    }
    return { kind: "page", id: PAGES[page.id].path };
  }
  return undefined;
}

const TABLES = { story: "story", product: "product", track: "track" } as const;
/** How many items one lookup asks for (well under either database's limit on parameters). */
const LOOKUP_CHUNK = 500;
const REMEMBERED = 20_000;

/**
 * Each item's creator, looked up in batches and remembered (an item never changes creator). A
 * page or a house item has none (null); an item that does not exist is `undefined`, and its
 * view is not counted: a made-up id in a URL must not leave a row.
 */
export function createItemOwners(db: Kysely<Database>) {
  let owners = new Map<string, string | null>();
  const key = (item: ItemRef) => `${item.kind}:${item.id}`;
  return {
    async resolve(items: Iterable<ItemRef>): Promise<(item: ItemRef) => string | null | undefined> {
      const wanted = new Map<StatsItemKind, Set<string>>();
      for (const item of items) {
        if (item.kind === "page" || owners.has(key(item))) continue;
        const ids = wanted.get(item.kind) ?? new Set<string>();
        ids.add(item.id);
        wanted.set(item.kind, ids);
      }
      const found = new Map<string, string | null>();
      for (const [kind, idSet] of wanted) {
        const ids = [...idSet];
        for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
          const chunk = ids.slice(i, i + LOOKUP_CHUNK);
          const rows =
            kind === "creator"
              ? (await db.selectFrom("creator").select(["id", "id as creator_id"]).where("id", "in", chunk).execute())
              : kind === "page"
                ? []
                : await db.selectFrom(TABLES[kind]).select(["id", "creator_id"]).where("id", "in", chunk).execute();
          for (const row of rows) found.set(`${kind}:${row.id}`, row.creator_id ?? null);
        }
      }
      // This batch's answers are read from `found` and the memory as it was: clearing a full memory
      // must not make an item this batch found there look missing (its counts would be dropped).
      const known = owners;
      if (owners.size + found.size > REMEMBERED) owners = new Map();
      for (const [k, v] of found) owners.set(k, v);
      return (item) => {
        if (item.kind === "page") return null;
        const k = key(item);
        return found.has(k) ? found.get(k) : known.has(k) ? known.get(k) : undefined;
      };
    },
  };
}
