/** One-click unsubscribe (RFC 8058; docs/decisions/0030): the answers of /api/unsubscribe. */
import { z } from "zod";
import type { MailListName } from "../unsubscribe.js";

export const MailListSchema = z.enum(["follows", "newsletter", "alerts", "comments"] satisfies MailListName[]).meta({ id: "MailList" });

export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(1_000).meta({ description: "The signed token from the e-mail's link" }) });

export const UnsubscribeStateSchema = z
  .object({ list: MailListSchema, unsubscribed: z.boolean().meta({ description: "True once the link has been used" }) })
  .meta({ id: "UnsubscribeState" });
export type UnsubscribeState = z.infer<typeof UnsubscribeStateSchema>;
