/** What every request's context carries, set by the app's first middleware. */
import type { CacheEnv, ResponseCache } from "./response-cache.js";

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
  };
}
