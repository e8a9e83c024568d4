/**
 * Who is counted (docs/decisions/0034): a browser that has not asked not to be (`Sec-GPC: 1`,
 * `DNT: 1`) and is not a known bot (isbot's maintained list of user agents). A page is counted
 * when a browser loads it as a document; a prefetch is not a view.
 */
import { isbot } from "isbot";

/** isbot's verdict on a user agent, remembered: a site sees a few thousand distinct ones a day, and the list's match costs 2 µs. */
const verdicts = new Map<string, boolean>();
const REMEMBERED_AGENTS = 10_000;

/** A known bot's user agent (judged where the batch is written, off the request's path). */
export function isBot(agent: string): boolean {
  let bot = verdicts.get(agent);
  if (bot === undefined) {
    bot = isbot(agent);
    if (verdicts.size >= REMEMBERED_AGENTS) verdicts.clear();
    verdicts.set(agent, bot);
  }
  return bot;
}

export interface CountedRequest {
  /** Lower-case header names, as node:http and the Fetch API both give them. */
  header(name: string): string | undefined;
}

/**
 * Asked not to be counted (or sends no browser string, so is no browser): nothing of the request is
 * kept. Bots are left out too, by `isBot`, when the batch is written.
 */
export function declinesCounting(req: CountedRequest): boolean {
  return req.header("sec-gpc") === "1" || req.header("dnt") === "1" || !req.header("user-agent");
}

/**
 * A browser's own load of a page: Fetch Metadata says "document" (every current browser sends it),
 * and no prefetch or prerender. Tools that do not send it (curl, load generators) are not visitors.
 */
export function isDocumentLoad(req: CountedRequest): boolean {
  if (req.header("sec-fetch-dest") !== "document") return false;
  const purpose = req.header("sec-purpose") ?? req.header("purpose");
  return !purpose;
}
