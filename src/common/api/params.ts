/** Request parameters several areas share: a record's id in the path, a short text filter. */
import { z } from "zod";
import { plainText } from "../text.js";

export const ID_MAX = 200;

/** A record's id as the path parameter `name`. */
export function pathId(name: string) {
  return z
    .string()
    .min(1)
    .max(ID_MAX, `${name} must be at most ${ID_MAX} characters`)
    .refine(plainText, `${name} must not contain control characters`)
    .meta({ param: { name, in: "path" } });
}

/** The `{id}` of a path naming one record. */
export const IdParamsSchema = z.object({ id: pathId("id") });

/** A short one-line text parameter, trimmed; empty means "not given". */
export function textParam(name: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .refine(plainText, `${name} must not contain control characters`)
    .optional();
}
