/** What every request's context carries, set by the app's first middleware. */
import type { CacheEnv, CacheTag, ResponseCache } from "./response-cache.js";

export interface AppEnv {
  Bindings: {
    /**
     * Set on the reads a page render makes of the app's own API (server/pages): their log line is
     * debug, not info, since the page's own line already tells of the visit.
     */
    internal?: boolean;
  };
  Variables: CacheEnv["Variables"] & {
    requestId: string;
    /** This instance's cache of public reads (lib/response-cache.ts). */
    responseCache: ResponseCache;
    /**
     * Tags a write made stale that only its handler knows (a comment's story): dropped with the
     * route's own `invalidates` once it has answered (lib/route-policy.ts, staleAlso).
     */
    staleTags?: CacheTag[];
  };
}
