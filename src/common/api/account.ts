/**
 * Answers of the account endpoints of issue 20 (Settings, password reset, e-mail verification,
 * sessions, export). The forms' request bodies are in common/account-schemas.ts. Decision 0020.
 */
import { z } from "zod";

/** A write that has nothing to return but a sentence for the user. */
export const DoneSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: "Done" });
export type Done = z.infer<typeof DoneSchema>;

/** One signed-in device, as Settings lists it. */
export const DeviceSessionSchema = z
  .object({
    id: z.string(),
    /** The session this request came with ("This device"). */
    current: z.boolean(),
    /** e.g. "Chrome", "Firefox", "Safari"; "Unknown browser" when the user agent says nothing known. */
    browser: z.string(),
    /** e.g. "macOS", "Windows", "Android", "iOS"; "Unknown system" likewise. */
    os: z.string(),
    created_at: z.string().meta({ format: "date-time" }),
    /** When the session was last refreshed (Better Auth's updatedAt). */
    last_seen: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "DeviceSession" });
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;

export const DeviceSessionListSchema = z.object({ sessions: z.array(DeviceSessionSchema) }).meta({ id: "DeviceSessionList" });
export type DeviceSessionList = z.infer<typeof DeviceSessionListSchema>;

/**
 * Download my data: one JSON document. Each key holds the rows of one table the account owns
 * (server/features/account/export.ts lists them; a test fails when a user-owned table is missing).
 */
export const AccountExportSchema = z
  .object({
    exported_at: z.string().meta({ format: "date-time" }),
    format: z.literal("maybe-account-export/1"),
  })
  .catchall(z.unknown())
  .meta({ id: "AccountExport" });
export type AccountExport = z.infer<typeof AccountExportSchema>;

/**
 * What deleting the account does to its orders, asked before the account is deleted: placed,
 * unpaid orders are cancelled with it; paid ones the shop still has to deliver stay on their way.
 */
export const AccountDeletionSchema = z
  .object({
    cancelled_orders: z.array(z.object({ id: z.string(), total_cents: z.number().int() })),
    orders_on_their_way: z.array(
      z.object({
        id: z.string(),
        status: z.enum(["paid", "shipped"]),
        /** Where the order's e-mails still go. */
        contact_email: z.string(),
      }),
    ),
  })
  .meta({ id: "AccountDeletion" });
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;
