import { z } from "zod";
import type { AddOnChoice } from "../catalogue/add-ons.ts";
import { imageSchema } from "../catalogue/schemas.ts";
import { idSchema, missingNumberIsRequired } from "../platform/ids.ts";
import { cartLineId } from "./cart.ts";
import { SAVED_CART_LIMIT, SAVED_CART_MAX_QUANTITY } from "./constants.ts";

const id = idSchema;

/** One line of a cart as a device sends it: what was picked, never a price. */
export const savedCartLineSchema = z.object({
  productId: id,
  variationId: id.optional(),
  /** Same shape as AddOnChoice: group key → item keys. */
  addOns: z.record(z.string().max(100), z.array(z.string().max(100)).max(50)).optional(),
  quantity: z.number(missingNumberIsRequired).int().min(1).max(SAVED_CART_MAX_QUANTITY),
});
export type SavedCartLineInput = z.infer<typeof savedCartLineSchema>;

/** Body of `PUT /api/cart` (replace) and `POST /api/cart/merge`. */
export const savedCartBodySchema = z.object({
  items: z.array(savedCartLineSchema).max(SAVED_CART_LIMIT),
});
export type SavedCartBody = z.infer<typeof savedCartBodySchema>;

/** A saved line with what the storefront rebuilds its cart line from, priced from today's catalogue. */
export const savedCartItemSchema = savedCartLineSchema.extend({
  /** savedCartLineId of the line: the same as the storefront cart's line id. */
  id: z.string(),
  name: z.string(),
  image: imageSchema.nullable(),
  /** Unit price, minor units: the effective (sale) price plus the picked add-ons. */
  price: z.number().int(),
  stock: z.number().int(),
  isAvailable: z.boolean(),
  /** A digital good: nothing to ship. */
  isDigital: z.boolean(),
});
export type SavedCartLine = z.infer<typeof savedCartItemSchema>;

export const savedCartSchema = z.object({ items: z.array(savedCartItemSchema) });
export type SavedCart = z.infer<typeof savedCartSchema>;

/**
 * The id of a cart line: product, variation and the sorted add-on picks,
 * `${productId}:${variationId ?? ""}:${"group=item" picks sorted, joined by ","}`. Two lines with the
 * same id are the same thing in the cart: the storefront cart's `cartLineId`, for lines as saved.
 */
export function savedCartLineId(line: {
  productId: number;
  variationId?: number | null;
  addOns?: AddOnChoice | null;
}): string {
  // One rule for both carts, so a saved line and the storefront's line are the same line.
  return cartLineId({
    productId: line.productId,
    variationId: line.variationId ?? undefined,
    addOns: line.addOns ?? undefined,
  });
}
