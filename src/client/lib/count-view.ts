/**
 * Counts a page the app showed without the browser loading it (docs/decisions/0034): a beacon to
 * the site itself, its body the path as plain text, with no cookie and nothing stored. The server
 * counted the first page as the browser loaded it; it reads only the path and a store link's
 * `productId`, and leaves out who sends GPC or DNT.
 */
export const countView = (path: string) => navigator.sendBeacon?.("/api/views", path);
