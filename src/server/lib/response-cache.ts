/**
 * Server-side cache of serialised public API responses, with ETag/304, invalidated by tag when a
 * write changes what they show. See docs/decisions/0012-response-cache-and-bench.md.
 *
 * - Only GET routes that declare tags in their cache policy are cached (lib/route-policy.ts), keyed
 *   by path + query: they are public and answer the same bytes to everyone. Anything else (every
 *   /api/me route, orders, sessions) passes straight through, and a response that sets a cookie or
 *   says private/no-store is never stored.
 * - Writes drop every entry of the tags their policy names once they have answered.
 *   With several instances the drop goes through a bus: Redis pub/sub when REDIS_URL is set, so a
 *   stock change on one instance empties the others' cached pages too; in-process otherwise.
 * - Bounded by entry count and bytes (least recently used first out), and by age: an entry lives
 *   at most MAX_AGE_MS, which caps staleness should an invalidation message ever be lost.
 */
import { createHash, randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Context, Next } from "hono";
import type { Logger } from "pino";
import { acceptedEncodings, GZIP_MIN_BYTES } from "./precompressed.js";
import type { Redis } from "./redis.js";

/**
 * What a cached read is made of: `catalog` the products' and stories' content (titles, prices,
 * texts), `stock` the products' stock, `creators` the directory, `radio` the tracks,
 * `story:<id>` what belongs to one story alone (its comments, docs/decisions/0032), so a new
 * comment drops that story's cached page and comments and nothing else, and `product:<id>` one
 * product's stock as a read shows it, so an order drops the reads that show what it bought and
 * no others (docs/decisions/0036).
 */
export type CacheTag = "catalog" | "stock" | "creators" | "radio" | `story:${string}` | `product:${string}`;

/** The tag of what belongs to one story alone. */
export const storyTag = (storyId: string): CacheTag => `story:${storyId}`;

/** The tag of one product's stock, on every cached read that shows it. */
export const productTag = (productId: string): CacheTag => `product:${productId}`;

export const MAX_AGE_MS = 5 * 60_000;
/** Under REDIS_KEY_PREFIX, so deployments sharing one Redis never invalidate each other. */
const CHANNEL = "response-cache:invalidate";

export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
}
const DEFAULT_LIMITS: CacheLimits = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 };

interface Entry {
  body: Uint8Array<ArrayBuffer>;
  /** The body gzipped once when stored (bodies of GZIP_MIN_BYTES or more), for clients that accept it. */
  gzip?: Uint8Array<ArrayBuffer>;
  etag: string;
  headers: Record<string, string>;
  tags: CacheTag[];
  storedAt: number;
  /** The headers of a hit, plain and gzip, built on the first hit of each and reused after. */
  hitHeaders?: [plain?: Readonly<Record<string, string>>, gzip?: Readonly<Record<string, string>>];
}

const sizeOf = (entry: Entry) => entry.body.byteLength + (entry.gzip?.byteLength ?? 0);

/** How long a tag's last invalidation is remembered: far longer than any read takes. */
const REMEMBERED_MS = 60_000;
/** Past this many remembered tags (one per product an order bought), the old ones are forgotten. */
const REMEMBERED_TAGS = 10_000;

/**
 * A bounded LRU map of entries. Each invalidation is numbered, and a tag remembers the number of
 * its last one, so a read that raced a write is not stored: it took a mark before reading, and
 * any of its tags dropped after the mark refuses the entry. Tags an entry learns only as it is
 * read (the products of a list) are checked the same way.
 */
export class ResponseStore {
  readonly #entries = new Map<string, Entry>();
  /** The number of each tag's last invalidation, and when it was. */
  readonly #dropped = new Map<CacheTag, { seq: number; at: number }>();
  #seq = 0;
  /** Marks from before this number cannot be checked any more (their tags were forgotten). */
  #floor = 0;
  #bytes = 0;

  constructor(readonly limits: CacheLimits = DEFAULT_LIMITS) {}

  get size() {
    return this.#entries.size;
  }
  get bytes() {
    return this.#bytes;
  }

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > MAX_AGE_MS) {
      this.#delete(key, entry);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the first key is the eviction candidate.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** A mark taken before the handler reads the database. */
  mark(): number {
    return this.#seq;
  }

  /** Stores unless one of its tags was invalidated since `mark` was taken. */
  set(key: string, entry: Entry, mark: number): boolean {
    if (mark < this.#floor || entry.tags.some((tag) => (this.#dropped.get(tag)?.seq ?? 0) > mark)) return false;
    // One page must not push out most of the others.
    if (sizeOf(entry) > this.limits.maxBytes / 8) return false;
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    this.#entries.set(key, entry);
    this.#bytes += sizeOf(entry);
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) break;
      this.#delete(oldestKey, oldest);
    }
    return true;
  }

  invalidate(tags: readonly CacheTag[], now = Date.now()): void {
    this.#seq += 1;
    for (const tag of tags) {
      // Re-inserted, so the map stays in order of last invalidation and the oldest go first.
      this.#dropped.delete(tag);
      this.#dropped.set(tag, { seq: this.#seq, at: now });
    }
    this.#forget(now);
    const dropped = new Set(tags);
    for (const [key, entry] of this.#entries) {
      if (entry.tags.some((tag) => dropped.has(tag))) this.#delete(key, entry);
    }
  }

  /** Forgets tags dropped long ago once there are many; a mark older than the newest forgotten one stores nothing. */
  #forget(now: number): void {
    if (this.#dropped.size <= REMEMBERED_TAGS) return;
    for (const [tag, last] of this.#dropped) {
      if (this.#dropped.size <= REMEMBERED_TAGS / 2 && now - last.at < REMEMBERED_MS) break;
      this.#floor = Math.max(this.#floor, last.seq);
      this.#dropped.delete(tag);
    }
  }

  clear(): void {
    this.invalidate(["catalog", "stock", "creators", "radio"]);
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= sizeOf(entry);
  }
}

/** Carries invalidations to every instance, this one included. */
export interface InvalidationBus {
  publish(tags: CacheTag[]): Promise<void>;
  onInvalidate(listener: (tags: CacheTag[]) => void): void;
  /** Called when the bus may have missed messages (a Redis reconnect): drop everything. */
  onGap(listener: () => void): void;
  close(): void;
}

export function inProcessBus(): InvalidationBus {
  const listeners: ((tags: CacheTag[]) => void)[] = [];
  return {
    async publish(tags) {
      for (const listener of listeners) listener(tags);
    },
    onInvalidate: (listener) => listeners.push(listener),
    onGap: () => {},
    close: () => {},
  };
}

/**
 * Redis pub/sub. A subscribed ioredis connection can run no other command, hence duplicate().
 * The publishing instance applies its own invalidation at once (before its response leaves), so
 * a client reading after its own write never sees the old page; the others follow within a
 * message's delay.
 */
export function redisBus(redis: Redis, logger: Logger, prefix = "maybe:"): InvalidationBus {
  const channelName = `${prefix}${CHANNEL}`;
  const self = randomUUID();
  const subscriber = redis.duplicate();
  const listeners: ((tags: CacheTag[]) => void)[] = [];
  const gapListeners: (() => void)[] = [];
  subscriber.on("error", (error: Error) => logger.warn({ err: error }, "response cache: redis subscriber error"));
  subscriber.subscribe(channelName).catch((error: unknown) => logger.warn({ err: error }, "response cache: subscribe failed"));
  let readyOnce = false;
  subscriber.on("ready", () => {
    // Messages published while disconnected are lost: whatever is cached may be stale.
    if (readyOnce) for (const listener of gapListeners) listener();
    readyOnce = true;
  });
  subscriber.on("message", (channel: string, message: string) => {
    if (channel !== channelName) return;
    try {
      const { from, tags } = JSON.parse(message) as { from: string; tags: CacheTag[] };
      if (from !== self) for (const listener of listeners) listener(tags);
    } catch (error) {
      logger.warn({ err: error }, "response cache: unreadable invalidation message");
    }
  });
  return {
    async publish(tags) {
      for (const listener of listeners) listener(tags);
      // Not awaited: the write's answer must not wait on a slow or reconnecting Redis. Should the
      // message be lost, the others' entries still expire within MAX_AGE_MS.
      redis
        .publish(channelName, JSON.stringify({ from: self, tags }))
        .catch((error: unknown) => logger.warn({ err: error, tags }, "response cache: invalidation not published"));
    },
    onInvalidate: (listener) => listeners.push(listener),
    onGap: (listener) => gapListeners.push(listener),
    close: () => subscriber.disconnect(),
  };
}

/** Strong ETag over the body bytes. */
export function etagOf(body: Uint8Array): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  // Weak comparison, as RFC 9110 asks for If-None-Match.
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Headers a stored response keeps; per-request ones (security headers, request id) are added on every answer. */
const KEPT_HEADERS = ["content-type", "cache-control"];

/** What a cached entry answers to one request: 200 with a body, or 304 without. */
export type CachedAnswer = { headers: Readonly<Record<string, string>> } & (
  | { status: 200; body: Uint8Array<ArrayBuffer> }
  | { status: 304; body: null }
);

/**
 * The gzip representation gets an ETag of its own (RFC 9110: each representation its own strong
 * tag); If-None-Match is compared weakly, so either tag revalidates. Headers that belong to the
 * request rather than the entry (security headers, request id) are the caller's to add.
 */
function represent(entry: Entry, hit: boolean, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): CachedAnswer {
  const gzip = entry.gzip && acceptedEncodings(acceptEncoding).has("gzip") ? entry.gzip : undefined;
  const headers = hit ? ((entry.hitHeaders ??= [])[gzip ? 1 : 0] ??= headersOf(entry, !!gzip, true)) : headersOf(entry, !!gzip, false);
  if (matchesEtag(ifNoneMatch, entry.etag) || matchesEtag(ifNoneMatch, headers.etag!)) return { status: 304, headers, body: null };
  return { status: 200, headers, body: gzip ?? entry.body };
}

function headersOf(entry: Entry, gzip: boolean, hit: boolean): Readonly<Record<string, string>> {
  const etag = gzip ? `${entry.etag.slice(0, -1)}-gz"` : entry.etag;
  const headers: Record<string, string> = { ...entry.headers, etag, vary: "Accept-Encoding", "x-cache": hit ? "hit" : "miss" };
  if (gzip) headers["content-encoding"] = "gzip";
  return headers;
}

/** Through c.body, so headers set before the handler ran (the request id) are kept. */
function answer(c: Context, entry: Entry, hit: boolean): Response {
  const found = represent(entry, hit, c.req.header("accept-encoding"), c.req.header("if-none-match"));
  return found.status === 304 ? c.body(null, 304, found.headers) : c.body(found.body, 200, found.headers);
}

/** What the cache marks on a request it will store (json-compression.ts leaves such answers alone). */
export interface CacheEnv {
  Variables: {
    storedByCache?: boolean;
    /** Tags the handler learned as it read (the products a list shows: `cacheAlso`), stored with the entry. */
    cacheTags?: CacheTag[];
  };
}

export interface ResponseCache {
  /**
   * Answers a public read of these tags from the cache, or lets the handler answer and stores its
   * 200 with this Cache-Control. The route's own middleware (lib/route-policy.ts) calls it. `key`
   * defaults to the request target; the rendered pages (server/pages) add their audience to it,
   * and since no such key is a request target, the node:http fast path never answers them.
   */
  serve<E extends CacheEnv>(c: Context<E>, next: Next, tags: readonly CacheTag[], cacheControl: string, key?: string): Promise<void>;
  /**
   * The stored answer for a GET of this request target (path and query as sent), or undefined:
   * lets the HTTP server answer hits before building a Request for the app (lib/cache-hits.ts).
   * Only a target byte-equal to a stored key hits; any other spelling goes through the app,
   * whose parsed URL is the key, so a hit can never answer for a different route.
   */
  lookup(target: string, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): CachedAnswer | undefined;
  store: ResponseStore;
  /** Drops the tags here and, through the bus, on every other instance. */
  invalidate(tags: CacheTag[]): Promise<void>;
  close(): void;
}

export function createResponseCache(options: { redis?: Redis; logger: Logger; limits?: CacheLimits; redisKeyPrefix?: string }): ResponseCache {
  const store = new ResponseStore(options.limits);
  const bus = options.redis ? redisBus(options.redis, options.logger, options.redisKeyPrefix) : inProcessBus();
  bus.onInvalidate((tags) => store.invalidate(tags));
  bus.onGap(() => store.clear());

  const serve: ResponseCache["serve"] = async (c, next, tags, cacheControl, givenKey) => {
    const url = c.req.url;
    const key = givenKey ?? url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const cached = store.get(key);
    if (cached) {
      c.res = answer(c, cached, true);
      return;
    }

    const mark = store.mark();
    (c as unknown as Context<CacheEnv>).set("storedByCache", true);
    await next();
    const res = c.res;
    if (res.status === 200) res.headers.set("cache-control", cacheControl);
    const sentCacheControl = res.headers.get("cache-control") ?? "";
    if (res.status !== 200 || res.headers.has("set-cookie") || /private|no-store/.test(sentCacheControl)) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const gzip = body.byteLength >= GZIP_MIN_BYTES ? new Uint8Array(gzipSync(body)) : undefined;
    const learned = (c as unknown as Context<CacheEnv>).get("cacheTags") ?? [];
    const entry: Entry = { body, gzip, etag: etagOf(body), headers, tags: [...tags, ...learned], storedAt: Date.now() };
    store.set(key, entry, mark);
    // Cleared first: assigning over a response would copy its headers (content-length) across.
    c.res = undefined;
    c.res = answer(c, entry, false);
  };

  const lookup: ResponseCache["lookup"] = (target, acceptEncoding, ifNoneMatch) => {
    const entry = store.get(target);
    return entry && represent(entry, true, acceptEncoding, ifNoneMatch);
  };

  return {
    serve,
    lookup,
    store,
    invalidate: (tags) => bus.publish(tags),
    close: () => bus.close(),
  };
}
