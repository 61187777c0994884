import { z } from "zod";
import { imageSchema } from "../catalogue/schemas.ts";
import { giftRecipientSchema } from "../gift-cards/schemas.ts";
import { LOCALES } from "../platform/locale.ts";

/** The add-ons picked for a line: group key → item keys (the catalogue's `AddOnChoice`). */
export const cartAddOnsSchema = z.record(z.string(), z.array(z.string()));

/**
 * One cart line (spec §3): one product + variation + chosen add-ons. `price` is the unit price in
 * minor units with the add-ons included; `itemTotal` is `price × quantity` (decision 003).
 */
export const cartItemSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  variationId: z.number().int().optional(),
  addOns: cartAddOnsSchema.optional(),
  name: z.string(),
  /** The variation's and add-ons' names as the shopper saw them ("Large · Extra cheese"). */
  options: z.array(z.string()).optional(),
  slug: z.string().optional(),
  image: imageSchema.nullable(),
  price: z.number().int(),
  /**
   * The unit price before the sale that lowered `price`, shown struck through beside it; absent
   * when no sale applies.
   */
  regularPrice: z.number().int().optional(),
  currency: z.string().optional(),
  quantity: z.number().int().positive(),
  stock: z.number().int(),
  itemTotal: z.number().int(),
  /**
   * A digital good, as the catalogue said when it was added: a cart of these only goes straight to
   * the digital checkout. Absent on lines kept from before the catalogue said so (not known yet).
   */
  isDigital: z.boolean().optional(),
  /** A gift card bought as a present: who gets it, and when. */
  giftRecipient: giftRecipientSchema.optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The persisted cart (spec §3), as kept under `STORAGE_KEYS.cart`. */
export const cartStateSchema = z.object({
  items: z.array(cartItemSchema),
  isEmpty: z.boolean(),
  totalItems: z.number().int(),
  totalUniqueItems: z.number().int(),
  total: z.number().int(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  language: z.enum(LOCALES),
});
export type CartState = z.infer<typeof cartStateSchema>;
