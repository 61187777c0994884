import { z } from "zod";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";

/** A coupon takes a percent of the goods or a fixed amount (minor units) off them. */
export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** The longest coupon code a shop can make and a shopper can type. */
export const COUPON_CODE_MAX_LENGTH = 64;

/** Query of `storePromotionCode/get/code`. */
export const couponCheckQuerySchema = z.object({
  code: z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(COUPON_CODE_MAX_LENGTH, FIELD_ERROR_KEYS.tooLong),
  /**
   * The goods of the cart as the shopper sees them, minor units: when sent, the minimum order is
   * checked against it and the answer says what the coupon takes off.
   */
  subtotal: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
});
export type CouponCheckQuery = z.infer<typeof couponCheckQuerySchema>;

/** A coupon that applies, as the check answers it. */
export const couponCheckSchema = z.object({
  /** The code as the shop wrote it (codes are matched without regard to case). */
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Whole percent for `percent`, minor units for `fixed`. */
  value: z.number().int(),
  /** Goods the order must reach, minor units (0: no minimum). */
  minimumOrder: z.number().int(),
  firstOrderOnly: z.boolean(),
  endsAt: z.iso.datetime().nullable(),
  /** What it takes off `subtotal`, minor units; null when no subtotal was sent. */
  discount: z.number().int().nullable(),
});
export type CouponCheck = z.infer<typeof couponCheckSchema>;

/**
 * A coupon the shop advertises on its offers page (spec §2 `/offers`): what the check answers,
 * without a cart's discount, and whether it needs a signed-in customer (a limit per customer or a
 * first order: a guest is a new customer with every session).
 */
export const couponOfferSchema = couponCheckSchema.omit({ discount: true }).extend({
  /** Redemptions one customer may make; null: no limit. */
  usesPerCustomer: z.number().int().nullable(),
  signInRequired: z.boolean(),
});
export type CouponOffer = z.infer<typeof couponOfferSchema>;

/** The most offers a shop shows at once. */
export const MAX_COUPON_OFFERS = 50;

/** `GET /api/storePromotionCode/offers` data: the advertised coupons that can be used now, ending soonest first. */
export const couponOffersSchema = z.object({ records: z.array(couponOfferSchema).max(MAX_COUPON_OFFERS) });
export type CouponOffers = z.infer<typeof couponOffersSchema>;
