/** `npm start`: build the site if needed (build-site.mjs), then run the server bundle. */
import { buildSiteIfNeeded } from "./build-site.mjs";

const bundle = await buildSiteIfNeeded();
await import(`../${bundle}`);
