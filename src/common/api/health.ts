/** Liveness and database reachability (GET /api/health). */
import { z } from "zod";

export const HealthSchema = z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) }).meta({ id: "Health" });
export type Health = z.infer<typeof HealthSchema>;
