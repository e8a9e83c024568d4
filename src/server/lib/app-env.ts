/** What every request's context carries, set by the app's first middleware. */
import type { CacheEnv, ResponseCache } from "./response-cache.js";

export interface AppEnv {
  Variables: CacheEnv["Variables"] & {
    requestId: string;
    /** This instance's cache of public reads (lib/response-cache.ts). */
    responseCache: ResponseCache;
  };
}
