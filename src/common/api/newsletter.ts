/** POST /api/newsletter: the body is NewsletterSchema of ../auth-schemas.ts; a repeat is accepted silently. */
import { z } from "zod";

export const NewsletterJoinedSchema = z.object({ subscribed: z.literal(true) });
export type NewsletterJoined = z.infer<typeof NewsletterJoinedSchema>;
