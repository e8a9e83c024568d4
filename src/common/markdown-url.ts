/**
 * The URLs a Markdown text (a story, a creator's message, a newsletter) may link to: http:, https:, mailto: and relative addresses
 * (/path, #anchor, ?query, page). Anything else (javascript:, data:, vbscript:, file:, and every
 * other scheme, in any letter case) becomes "", which the renderer shows as plain text.
 *
 * The scheme is what comes before the first colon when that colon comes before any /, ? or #
 * (the rule of browsers and of react-markdown's own default). Markdown has already decoded
 * character references (`&#106;avascript:` is `javascript:` here); a browser also ignores
 * control characters and spaces at either end and tabs and line breaks anywhere, so they are
 * ignored before looking.
 */
const ALLOWED_SCHEMES = new Set(["http", "https", "mailto"]);

export function safeMarkdownUrl(url: string): string {
  // eslint-disable-next-line no-control-regex -- what a browser strips from either end of a URL
  const value = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (value === "") return "";
  const probe = value.replace(/[\t\n\r]/g, "");
  const colon = probe.indexOf(":");
  if (colon === -1) return value;
  const breaks = [probe.indexOf("/"), probe.indexOf("?"), probe.indexOf("#")].filter((i) => i !== -1);
  if (breaks.some((i) => i < colon)) return value;
  return ALLOWED_SCHEMES.has(probe.slice(0, colon).toLowerCase()) ? value : "";
}
