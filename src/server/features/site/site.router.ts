import { createRouter } from "../../lib/router.js";
import { defineRoute } from "../../lib/route-policy.js";
import type { AppDeps } from "../../app-deps.js";
import { SiteConfigSchema, type SiteConfig } from "../../../common/api/site.js";


export const siteConfigRoute = defineRoute({
  method: "get",
  cache: { maxAge: 300 },
  path: "/api/config",
  tags: ["System"],
  summary: "Public settings the pages need (contact address, social links, banner)",
  responses: { 200: { description: "Settings", content: { "application/json": { schema: SiteConfigSchema } } } },
});

export function siteRouter({ config }: AppDeps) {
  const body: SiteConfig = {
    contactEmail: config.contactEmail,
    instagramUrl: config.instagramUrl,
    showBackendBanner: config.showBackendBanner,
  };
  return createRouter().openapi(siteConfigRoute, (c) => c.json(body, 200));
}
