/** The error body every API failure carries (ARCHITECTURE.md §5). */
import { z } from "zod";
import { ERROR_CODES } from "../errors.js";

/**
 * One line an order could not have (OUT_OF_STOCK from POST /api/orders), or the product a stock
 * adjustment would take below 0 (STOCK_CONFLICT from the back office's inventory).
 */
export const StockShortfallSchema = z
  .object({
    product_id: z.string(),
    variant_id: z.string().optional().meta({ description: "OUT_OF_STOCK: the cart line's id (the size's variant, or the product's id)" }),
    name: z.string().meta({ description: "The product, with the size for a product sold in sizes: 'Tee (M)'" }),
    requested: z.number().int().meta({ description: "Quantity in the cart; for STOCK_CONFLICT, how many the adjustment takes away" }),
    available: z.number().int().meta({ description: "What the store has left; 0 when sold out" }),
    unavailable: z
      .boolean()
      .optional()
      .meta({ description: "OUT_OF_STOCK: true when the product is no longer on sale at all (taken off the site), not merely sold out" }),
  })
  .meta({ id: "StockShortfall" });
export type StockShortfall = z.infer<typeof StockShortfallSchema>;

export const ApiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().meta({ description: "VALIDATION_FAILED: a message per bad field" }),
      details: z
        .array(StockShortfallSchema)
        .optional()
        .meta({
          description:
            "OUT_OF_STOCK from POST /api/orders: each line the store cannot fill; STOCK_CONFLICT: the product and its current stock",
        }),
    }),
  })
  .meta({ id: "Error" });
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
