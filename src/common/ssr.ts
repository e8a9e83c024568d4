/**
 * The id of the `<script type="application/json">` element in which a server-rendered page
 * carries the state the browser hydrates from (docs/decisions/0022): written by the server
 * (src/server/pages/), read by the client (src/client/main.tsx).
 */
export const SSR_STATE_ID = "ssr-state";
