/** `npm start`: build the client if needed, then run the server from TypeScript via tsx. */
import { register } from "tsx/esm/api";
import { buildIfNeeded } from "./build-if-needed.mjs";

buildIfNeeded();
register();
await import("../src/server/index.ts");
