/** What every studio contract says alike (its stories' and its products' routes). */
import type { z } from "zod";
import { errorContent } from "../../lib/openapi.js";

export const signedOut = { description: "Not signed in", content: errorContent };
export const notCreator = {
  description: "NOT_CREATOR: the signed-in user is not a creator; FORBIDDEN_ORIGIN: a write from another site",
  content: errorContent,
};
/** Writes that would change what the site shows refuse a suspended creator (docs/decisions/0019). */
export const notCreatorOrSuspended = {
  description:
    "NOT_CREATOR: the signed-in user is not a creator; SUSPENDED: the creator is suspended, nothing the site shows may change; " +
    "FORBIDDEN_ORIGIN: a write from another site",
  content: errorContent,
};
export const json = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });
