/** `npm start`: build the client and the server bundle if needed, then run the bundle. */
import { buildIfNeeded } from "./build-if-needed.mjs";
import { buildServerIfNeeded } from "./build-server.mjs";

buildIfNeeded();
const bundle = await buildServerIfNeeded();
await import(`../${bundle}`);
