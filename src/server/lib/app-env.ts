/** What every request's context carries, set by the app's first middleware. */
import type { ResponseCache } from "./response-cache.js";

export interface AppEnv {
  Variables: {
    requestId: string;
    /** This instance's cache of public reads (lib/response-cache.ts). */
    responseCache: ResponseCache;
    /** Set by the response cache when it will store this answer, which it gzips itself. */
    storedByCache?: boolean;
  };
}
