import { z } from "zod";
import { emailSchema } from "../account/schemas.ts";
import { idTextSchema } from "../platform/ids.ts";

/**
 * "Email me when it's back": a sold-out product (or the chosen variation of one) and the address to
 * tell, once, when the shop has it again.
 */
export const stockAlertBodySchema = z.object({
  productId: idTextSchema,
  variationId: idTextSchema.optional(),
  email: emailSchema,
});
export type StockAlertBody = z.input<typeof stockAlertBodySchema>;

/** The same answer whether the address was already waiting for it: nobody learns who else waits. */
export const stockAlertSchema = z.object({
  email: z.string(),
  productId: z.number().int(),
  variationId: z.number().int().nullable(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;
