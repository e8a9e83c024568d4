/**
 * Rendered share cards, kept in memory: a bounded LRU of PNGs by kind, id and version (the
 * version names the content, so an entry never goes stale, it only stops being asked for), with
 * requests for a card being rendered waiting for that one render instead of starting their own,
 * and at most a couple of renders at a time, so a burst of new cards cannot take every core.
 * Every instance keeps its own: a card is rendered at most once per instance per version, and
 * browsers and proxies keep it for a year under its versioned URL.
 */
import { ogImageBox, renderOgCard, type OgCard, type OgCardInput } from "./og-card.js";
import { loadCardImage } from "./og-image-source.js";
import type { MediaStore } from "../media/store.js";

export interface OgImagesOptions {
  /** Uploaded images (covers, avatars). */
  media: MediaStore;
  /** The sample content's media directory. */
  seedDir: string;
  maxEntries?: number;
  maxBytes?: number;
  /** Renders running at once; more wait their turn. */
  concurrency?: number;
  /** The renderer (tests wrap the real one to watch it). */
  render?: (input: OgCardInput) => Promise<Uint8Array<ArrayBuffer>>;
  /** Told of each finished render and how long it took (picture and drawing). */
  onRender?: (info: { key: string; ms: number }) => void;
}

export interface OgImagesStats {
  /** Cards rendered since start. */
  renders: number;
  /** Answers from memory. */
  hits: number;
  /** Requests that waited for a render another request had started. */
  joined: number;
  entries: number;
  bytes: number;
}

export interface OgImages {
  /** The card's PNG under `key` (kind, id and version), from memory or rendered once. */
  png(key: string, card: OgCard): Promise<Uint8Array<ArrayBuffer>>;
  stats(): OgImagesStats;
}

export const OG_CACHE_ENTRIES = 200;
export const OG_CACHE_BYTES = 32 * 1024 * 1024;

export function createOgImages(options: OgImagesOptions): OgImages {
  const maxEntries = options.maxEntries ?? OG_CACHE_ENTRIES;
  const maxBytes = options.maxBytes ?? OG_CACHE_BYTES;
  const concurrency = options.concurrency ?? 2;
  const render = options.render ?? renderOgCard;
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Uint8Array<ArrayBuffer>>();
  const pending = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let bytes = 0;
  const counts = { renders: 0, hits: 0, joined: 0 };

  async function slot(): Promise<() => void> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    return () => {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    };
  }

  function keep(key: string, png: Uint8Array<ArrayBuffer>) {
    // One image above an eighth of the budget would push out most others: not kept.
    if (png.byteLength > maxBytes / 8) return;
    entries.set(key, png);
    bytes += png.byteLength;
    for (const [oldest, old] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= old.byteLength;
    }
  }

  async function produce(key: string, card: OgCard): Promise<Uint8Array<ArrayBuffer>> {
    const release = await slot();
    try {
      const started = performance.now();
      const imageBytes = card.image ? await loadCardImage(card.image, ogImageBox(card.kind), options) : undefined;
      const png = await render({ ...card, imageBytes });
      counts.renders += 1;
      options.onRender?.({ key, ms: performance.now() - started });
      keep(key, png);
      return png;
    } finally {
      release();
    }
  }

  return {
    png(key, card) {
      const cached = entries.get(key);
      if (cached) {
        entries.delete(key);
        entries.set(key, cached);
        counts.hits += 1;
        return Promise.resolve(cached);
      }
      const inFlight = pending.get(key);
      if (inFlight) {
        counts.joined += 1;
        return inFlight;
      }
      const promise = produce(key, card).finally(() => pending.delete(key));
      pending.set(key, promise);
      return promise;
    },
    stats: () => ({ ...counts, entries: entries.size, bytes }),
  };
}
