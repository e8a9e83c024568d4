import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps } from "../../app.js";

const SiteConfigSchema = z
  .object({
    contactEmail: z.string(),
    instagramUrl: z.string(),
    showBackendBanner: z.boolean(),
  })
  .openapi("SiteConfig");

export const siteConfigRoute = createRoute({
  method: "get",
  path: "/api/config",
  tags: ["System"],
  summary: "Public settings the pages need (contact address, social links, banner)",
  responses: { 200: { description: "Settings", content: { "application/json": { schema: SiteConfigSchema } } } },
});

export function registerSiteRoutes(app: OpenAPIHono, { config }: AppDeps): void {
  const body = {
    contactEmail: config.contactEmail,
    instagramUrl: config.instagramUrl,
    showBackendBanner: config.showBackendBanner,
  };
  app.openapi(siteConfigRoute, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(body, 200);
  });
}
