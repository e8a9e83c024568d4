/**
 * The footer's newsletter sign-up, double opt-in (docs/decisions/0031). POST /api/newsletter takes
 * NewsletterSchema of ../auth-schemas.ts and answers the same whether or not the address was on
 * the list already; a link e-mailed to the address confirms it (/api/newsletter/confirm).
 */
import { z } from "zod";

export const NewsletterJoinedSchema = z.object({
  confirm: z.literal(true).meta({ description: "A confirmation link is on its way, unless the address is on the list already" }),
});
export type NewsletterJoined = z.infer<typeof NewsletterJoinedSchema>;

export const NewsletterConfirmQuerySchema = z.object({ token: z.string().min(1).max(1_000).meta({ description: "The signed token from the e-mail's link" }) });

export const NewsletterConfirmStateSchema = z
  .object({
    email: z.string().meta({ description: "The address the link confirms" }),
    confirmed: z.boolean().meta({ description: "True once the address is on the list" }),
  })
  .meta({ id: "NewsletterConfirmState" });
export type NewsletterConfirmState = z.infer<typeof NewsletterConfirmStateSchema>;

export { NEWSLETTER_MESSAGES } from "../newsletter.js";
