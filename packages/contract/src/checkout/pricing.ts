import { z } from "zod";
import { imageSchema } from "../catalogue/schemas.ts";

/**
 * What is wrong with a cart line, found when the server prices it: its price is not the one the
 * shopper saw, the shop has less than asked, or it cannot be sold at all (gone, hidden, sold out,
 * another store's, an unknown variation or add-on).
 */
export const LINE_PROBLEMS = ["price_changed", "short_stock", "unavailable"] as const;
export type LineProblemKind = (typeof LINE_PROBLEMS)[number];

export const lineProblemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("price_changed"), was: z.number().int(), now: z.number().int() }),
  z.object({ kind: z.literal("short_stock"), available: z.number().int().min(0) }),
  z.object({ kind: z.literal("unavailable") }),
]);
export type LineProblem = z.infer<typeof lineProblemSchema>;

/** A cart line as the server priced it; amounts are minor units of the store's currency. */
export const pricedLineSchema = z.object({
  /** The cart line id (cartLineId) so the storefront shows problems on the right line. */
  id: z.string(),
  productId: z.number().int(),
  variationId: z.number().int().nullable(),
  /** Group key → picked item keys, as sent. */
  addOns: z.record(z.string(), z.array(z.string())),
  quantity: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** Variation option values and add-on names, in the caller's language. */
  options: z.array(z.string()),
  image: imageSchema.nullable(),
  isDigital: z.boolean(),
  /** A gift card: no coupon discounts it and no tax is charged on it (tax is due when it is spent). */
  isGiftCard: z.boolean(),
  unitPrice: z.number().int(),
  /** unitPrice × quantity. */
  lineTotal: z.number().int(),
  /** Tax of this line, rounded once per line (decision 003). */
  tax: z.number().int(),
  stock: z.number().int(),
  problems: z.array(lineProblemSchema),
});
export type PricedLine = z.infer<typeof pricedLineSchema>;

/**
 * The totals of spec §3's final total helper: `totalAmount` (the goods) plus `tax` plus
 * `shipping_charge`, minus `discount`; then the tip is added and the gift card and wallet credit taken off, which
 * gives `payable_amount`, what the shopper pays now.
 */
export const checkoutTotalsSchema = z.object({
  totalAmount: z.number().int(),
  tax: z.number().int(),
  /** true when the shop's prices already include tax: `tax` is then shown, not added. */
  taxIncluded: z.boolean(),
  shipping_charge: z.number().int(),
  discount: z.number().int(),
  tip: z.number().int(),
  /** Taken from the gift card the shopper typed (`gift_card`): min(its value, what is left to pay). */
  giftCard: z.number().int().default(0),
  wallet: z.number().int(),
  payable_amount: z.number().int(),
});
export type CheckoutTotals = z.infer<typeof checkoutTotalsSchema>;

/** totalAmount + tax (unless already in the prices) + shipping_charge − discount, never below zero. */
export function finalTotal(t: {
  totalAmount: number;
  tax: number;
  taxIncluded: boolean;
  shipping_charge: number;
  discount?: number;
}): number {
  return Math.max(0, t.totalAmount + (t.taxIncluded ? 0 : t.tax) + t.shipping_charge - (t.discount ?? 0));
}

/** The coupon as checkout keeps it (spec §3: the coupon has an amount). */
export const appliedCouponSchema = z.object({
  code: z.string(),
  /** What it takes off this cart, minor units. */
  amount: z.number().int(),
});
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

/** The answer of `storeOrder/calculate`. */
export const calculationSchema = z.object({
  currency: z.string(),
  lines: z.array(pricedLineSchema),
  totals: checkoutTotalsSchema,
  coupon: appliedCouponSchema.nullable(),
  /** Translation key of why the typed coupon does not apply (invalid, expired, minimum…), else null. */
  couponError: z.string().nullable(),
  /**
   * The referral code that applies to this first order and what its reward takes off (included in
   * `totals.discount`, after the coupon's share), or null.
   */
  referral: z.object({ code: z.string(), amount: z.number().int() }).nullable().default(null),
  /** Translation key of why `refer_code` does not apply (REFERRAL_ERROR_KEYS), else null. */
  referralError: z.string().nullable().default(null),
  /** The customer's wallet balance before this order. */
  walletBalance: z.number().int(),
  /** The gift card the shopper pays with: its code as typed, what it is worth, what this order takes. */
  giftCard: z.object({ code: z.string(), balance: z.number().int(), amount: z.number().int() }).nullable(),
  /** Translation key of why the typed gift card cannot pay (unknown code, nothing left on it), else null. */
  giftCardError: z.string().nullable(),
  /** true when some line has a problem: the order cannot be placed until the cart is fixed. */
  hasProblems: z.boolean(),
  /**
   * Set when the order is for as soon as possible (pickup, or delivery the shop does not book in
   * windows, with no `delivery_time`) and the shop is closed now: when it opens next, and its time
   * zone to say it in. Create refuses such an order (SHOP_CLOSED, `error-shop-closed` on
   * `delivery_time`) until a time is chosen. null otherwise, digital and postal orders always.
   */
  shopClosed: z.object({ opensAt: z.iso.datetime(), timezone: z.string() }).nullable(),
  /**
   * Opaque proof of these totals. The storefront keeps it until the cart changes and sends it with
   * create, which refuses when the total has changed since.
   */
  verified_response: z.string(),
});
export type Calculation = z.infer<typeof calculationSchema>;
