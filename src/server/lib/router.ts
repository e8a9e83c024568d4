/**
 * Every feature's router, and the app itself, is one of these: an OpenAPIHono whose validation
 * failures leave as the API's VALIDATION_FAILED error with a message per field. Routers are
 * chained (`createRouter().openapi(a, ...).openapi(b, ...)`) so that the app's type, AppType,
 * knows every route, and typed clients (hono/client, hono/testing) can be built from it.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { fieldErrors } from "../../common/auth-schemas.js";
import type { AppEnv } from "./app-env.js";
import { validationError } from "./api-error.js";

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(fieldErrors(result.error));
    },
  });
}
