/** Shared OpenAPI pieces: the error body of ARCHITECTURE.md §5 and the responses every route may give. */
import { z } from "@hono/zod-openapi";
import { ERROR_CODES } from "../../common/errors.js";

export const StockShortfallSchema = z
  .object({
    product_id: z.string(),
    name: z.string(),
    requested: z.number().int().openapi({ description: "Quantity in the cart" }),
    available: z.number().int().openapi({ description: "What the store has left; 0 when sold out" }),
  })
  .openapi("StockShortfall");

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().openapi({ description: "VALIDATION_FAILED: a message per bad field" }),
      details: z
        .array(StockShortfallSchema)
        .optional()
        .openapi({ description: "OUT_OF_STOCK from POST /api/orders: each line the store cannot fill" }),
    }),
  })
  .openapi("Error");

export const errorContent = { "application/json": { schema: ErrorSchema } };

export const ErrorResponses = {
  400: { description: "Invalid input; `fields` names each bad field", content: errorContent },
  403: { description: "Cross-site request refused", content: errorContent },
  413: { description: "Body too large", content: errorContent },
  415: { description: "Body is not JSON", content: errorContent },
  429: { description: "Too many requests", content: errorContent },
} as const;
