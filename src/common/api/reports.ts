/**
 * Reports (docs/decisions/0019): POST /api/reports from any signed-in user, and the curators'
 * queue under /api/admin/reports. The texts are in ../reports.ts, shared with the dialog.
 */
import { z } from "zod";
import {
  REPORT_KINDS,
  REPORT_MESSAGES,
  REPORT_NOTE_MAX,
  REPORT_REASON_IDS,
  REPORT_STATUSES,
  RESOLUTION_NOTE_MAX,
} from "../reports.js";
import { hasControlCharacters } from "../text.js";
import { DatedCursorParam, limitParam, pageSchema } from "./paging.js";
import { ID_MAX } from "./params.js";

/** An optional free-text note: trimmed, line breaks kept, no other control characters. */
function noteField(max: number, tooLong: string) {
  return z
    .string()
    .nullish()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
    .refine((v) => v.length <= max, tooLong)
    .refine((v) => !hasControlCharacters(v, true), REPORT_MESSAGES.textInvalid)
    .meta({ description: `Plain text, at most ${max} characters; empty or absent for none` });
}

/** POST /api/reports. */
export const ReportCreateSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: "kind must be story, product, creator or comment" }),
  item_id: z
    .string({ error: "item_id is required" })
    .min(1, "item_id is required")
    .max(ID_MAX, `item_id must be at most ${ID_MAX} characters`)
    .refine((v) => !hasControlCharacters(v), "item_id must not contain control characters"),
  reason: z.enum(REPORT_REASON_IDS, { error: REPORT_MESSAGES.reasonRequired }).meta({ description: "One of REPORT_REASONS" }),
  note: noteField(REPORT_NOTE_MAX, REPORT_MESSAGES.noteTooLong),
});
export type ReportCreateInput = z.input<typeof ReportCreateSchema>;

const timestamp = z.string().meta({ format: "date-time" });

/** The report as its reporter sent it (the 201 of POST /api/reports). */
export const ReportSchema = z
  .object({
    id: z.string(),
    kind: z.enum(REPORT_KINDS),
    item_id: z.string(),
    reason: z.enum(REPORT_REASON_IDS),
    note: z.string(),
    status: z.enum(REPORT_STATUSES),
    created_at: timestamp,
  })
  .meta({ id: "Report" });
export type Report = z.infer<typeof ReportSchema>;

/** The reported item as the queue shows it, whatever its state now. */
export const ReportedItemSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    id: z.string(),
    title: z
      .string()
      .nullable()
      .meta({
        description:
          "The story's or product's title, the creator's name, a comment's first 120 characters; null when the item no longer exists",
      }),
    path: z.string().meta({ description: "Where the item is seen on the site (a product opens in the store, a comment on its story's page)" }),
    hidden: z.boolean().meta({ description: "true while the item is hidden from the site" }),
  })
  .meta({ id: "ReportedItem" });
export type ReportedItem = z.infer<typeof ReportedItemSchema>;

export const AdminReportSchema = z
  .object({
    id: z.string(),
    status: z.enum(REPORT_STATUSES),
    reason: z.enum(REPORT_REASON_IDS),
    reason_label: z.string(),
    note: z.string(),
    reporter_email: z.string().nullable().meta({ description: "Who reported it; null once their account is deleted (the report stays)" }),
    item: ReportedItemSchema,
    open_reports: z.number().int().meta({ description: "How many reports of this item are open now, this one included if open" }),
    created_at: timestamp,
    resolved_at: timestamp.nullable(),
    resolver_email: z.string().nullable().meta({ description: "Who resolved it; null while open or when their account is gone" }),
    resolution_note: z.string(),
  })
  .meta({ id: "AdminReport" });
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportPageSchema = pageSchema(AdminReportSchema).meta({ id: "AdminReportPage" });
export type AdminReportPage = z.infer<typeof AdminReportPageSchema>;

export const REPORTS_LIMIT_DEFAULT = 20;
export const REPORTS_LIMIT_MAX = 100;

/** GET /api/admin/reports: open ones oldest first (a queue), closed ones newest first. */
export const AdminReportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: "status must be open, hidden or dismissed" }).default("open"),
  cursor: DatedCursorParam,
  limit: limitParam(REPORTS_LIMIT_MAX, REPORTS_LIMIT_DEFAULT),
});

/** POST /api/admin/reports/{id}/hide and /dismiss. */
export const ReportResolveSchema = z.object({
  note: noteField(RESOLUTION_NOTE_MAX, REPORT_MESSAGES.resolutionNoteTooLong),
});
export type ReportResolveInput = z.input<typeof ReportResolveSchema>;

/** What a resolution did: the report as it is now, and every report it closed (the item's open ones). */
export const ReportResolutionSchema = z
  .object({
    report: AdminReportSchema,
    resolved_ids: z.array(z.string()).meta({ description: "Every report this resolution closed, this one first" }),
  })
  .meta({ id: "ReportResolution" });
export type ReportResolution = z.infer<typeof ReportResolutionSchema>;
