/** Public settings the pages need (GET /api/config). */
import { z } from "zod";

export const SiteConfigSchema = z
  .object({
    contactEmail: z.string(),
    instagramUrl: z.string(),
    showBackendBanner: z.boolean(),
  })
  .meta({ id: "SiteConfig" });
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
