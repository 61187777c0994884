import { z } from "zod";
import { billingAddressSchema, shippingAddressSchema } from "../account/schemas.ts";
import { SAVED_CART_LIMIT } from "../cart/constants.ts";
import { savedCartLineSchema } from "../cart/saved-cart.ts";
import { giftRecipientSchema } from "../gift-cards/schemas.ts";
import { creditCardSchema } from "../payments/card.ts";
import { PAYMENT_SUB_GATEWAYS } from "../payments/gateways.ts";
import { bamboraCardChoiceSchema, stripePaymentMethodIdSchema } from "../payments/schemas.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema } from "../platform/ids.ts";
import {
  CHECKOUT_DELIVERY_TYPES,
  MAX_TIP_AMOUNT,
  MAX_TIP_PERCENT,
  OUT_OF_STOCK_PREFERENCES,
  PAYMENT_GATEWAYS,
} from "./constants.ts";

export const tipOptionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("percent"),
    value: z.number().int().min(0).max(MAX_TIP_PERCENT, FIELD_ERROR_KEYS.tooLarge),
  }),
  z.object({
    type: z.literal("amount"),
    value: z.number().int().min(0).max(MAX_TIP_AMOUNT, FIELD_ERROR_KEYS.tooLarge),
  }),
]);
export type TipOption = z.infer<typeof tipOptionSchema>;

/**
 * A delivery window or pickup time (SEL_TIME), as `storeDeliverySchedule/query` answers it: ISO
 * instants. Without one, a pickup or a delivery the shop does not book is for as soon as possible.
 */
export const deliveryWindowRefSchema = z.object({ start: z.iso.datetime(), end: z.iso.datetime() });
export type DeliveryWindowRef = z.infer<typeof deliveryWindowRefSchema>;

const id = idSchema;

/**
 * A cart line as checkout sends it: what was picked, and optionally the unit price the shopper was
 * shown. That price is never charged; it only lets the server say "the price changed" on the line.
 */
export const checkoutLineSchema = savedCartLineSchema.extend({
  price: z.number().int().min(0).optional(),
  /** For a gift card bought as a present: who gets it, and when (refused on other lines). */
  giftRecipient: giftRecipientSchema.nullable().optional(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/**
 * The body of `storeOrder/calculate` and `storeOrder/create`: the checkout state of spec §3 with the
 * cart's lines. Only choices travel; every amount is computed by the server.
 */
export const checkoutRequestSchema = z.object({
  products: z
    .array(checkoutLineSchema)
    .min(1, FIELD_ERROR_KEYS.required)
    .max(SAVED_CART_LIMIT, FIELD_ERROR_KEYS.tooLarge),
  /** `table` is refused here: a table's bill is paid through `cateringOrderCheckout`. */
  delivery_type: z.enum(CHECKOUT_DELIVERY_TYPES, FIELD_ERROR_KEYS.invalid),
  shipping_address: shippingAddressSchema.nullable().default(null),
  billing_address: billingAddressSchema.nullable().default(null),
  delivery_time: deliveryWindowRefSchema.nullable().default(null),
  /** Id of the chosen option of `storeDeliveryByPost/query`. */
  delivery_post: id.nullable().default(null),
  /** Id of the pickup point, where the shop has several. */
  pickupOption: id.nullable().default(null),
  /** The coupon code the shopper typed. */
  coupon: z.string().trim().max(64, FIELD_ERROR_KEYS.tooLong).nullable().default(null),
  /**
   * The referral code (spec §3 `refer_code`): typed at checkout, or the one a share link left in the
   * referral cookie when none was typed (decision 067). Matched without regard to case.
   */
  refer_code: z.string().trim().max(32, FIELD_ERROR_KEYS.tooLong).nullable().default(null),
  tip_option: tipOptionSchema.nullable().default(null),
  use_wallet: z.boolean().default(false),
  /**
   * The code of a gift card to pay with, by anyone (guests too): the order takes what the card is
   * worth, up to its total, from the card when it is placed; the rest stays on the card.
   */
  gift_card: z.string().trim().max(40, FIELD_ERROR_KEYS.tooLong).nullable().default(null),
  customer_contact: z.string().trim().max(120, FIELD_ERROR_KEYS.tooLong).default(""),
  customer_name: z.string().trim().max(120, FIELD_ERROR_KEYS.tooLong).default(""),
  note: z.string().trim().max(500, FIELD_ERROR_KEYS.tooLong).default(""),
  outStockPreference: z.enum(OUT_OF_STOCK_PREFERENCES).default("contact_me"),
  payment_gateway: z.enum(PAYMENT_GATEWAYS).nullable().default(null),
  /**
   * A new card where the shop takes new cards through its test provider: only `storeOrder/create`
   * reads it, and passes it to the provider without storing the number. Calculate needs none.
   */
  credit_card: creditCardSchema.nullable().default(null),
  /**
   * For `card`: a card saved before (signed-in customers only; paid through the provider that
   * saved it) or a new one (paid through the provider the shop takes new cards through).
   */
  payment_sub_gateway: z.enum(PAYMENT_SUB_GATEWAYS).nullable().default(null),
  /** A card saved with Stripe, by its id, or the payment method Stripe's element made of a new one. */
  stripePaymentMethodId: stripePaymentMethodIdSchema.nullable().default(null),
  /** A card of the shopper's Bambora profile, by its id, or the token Bambora made of a new one. */
  bamboraCard: bamboraCardChoiceSchema.nullable().default(null),
  /** What `calculate` answered: when it is sent and the total has changed since, create refuses. */
  verified_response: z.string().max(200).nullable().default(null),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export type CheckoutRequestInput = z.input<typeof checkoutRequestSchema>;
