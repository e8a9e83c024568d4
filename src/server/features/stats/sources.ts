/**
 * Where a visit came from, reduced to a name (docs/decisions/0034): the link's `utm_source` when
 * it has one, otherwise the referring site's host without `www.`; nothing for a direct visit or one
 * from the site itself. No path, no query, no full URL is kept: those can carry personal data.
 */

const MAX = 64;

function clean(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9.\-_ ]/g, "")
    .slice(0, MAX);
}

/** `search` is the page's query string (with or without `?`); `siteHost` is the site's own host (a port is ignored). */
export function sourceOf(search: string, referer: string | undefined, siteHost: string): string {
  const utm = new URLSearchParams(search).get("utm_source");
  if (utm && clean(utm)) return clean(utm);
  if (!referer) return "";
  let host: string;
  try {
    host = new URL(referer).hostname;
  } catch {
    return "";
  }
  host = host.replace(/^www\./, "");
  if (!host || host === hostnameOf(siteHost).replace(/^www\./, "")) return "";
  return clean(host);
}

/** The site's host without its port: a referrer's hostname never carries one (`localhost:3000` is `localhost`). */
function hostnameOf(siteHost: string): string {
  try {
    return new URL(`http://${siteHost}`).hostname;
  } catch {
    return siteHost;
  }
}
