import { z } from "zod";
import { billingAddressSchema, shippingAddressSchema } from "../account/schemas.ts";
import { SAVED_CART_LIMIT, savedCartLineSchema } from "../cart/saved-cart.ts";
import { creditCardSchema } from "../payments/card.ts";
import { BAMBORA_GATEWAY, PAYMENT_SUB_GATEWAYS, STRIPE_GATEWAY } from "../payments/gateways.ts";
import { bamboraCardChoiceSchema, stripePaymentMethodIdSchema } from "../payments/schemas.ts";
import { TEST_CARD_GATEWAY } from "../payments/test-cards.ts";
import { STORAGE_KEYS } from "../platform/constants.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";

/** How an order reaches the shopper (spec §3 `delivery_type`). */
export const DELIVERY_TYPES = ["delivery", "pickup", "post", "digital"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/**
 * How the shopper pays: `cash` on delivery or at pickup, `test-card` through Stoa's built-in test
 * provider, `stripe` or `bambora` through the card providers the store takes; a free order needs none.
 */
export const PAYMENT_GATEWAYS = ["cash", TEST_CARD_GATEWAY, STRIPE_GATEWAY, BAMBORA_GATEWAY] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/** What the shop does when a line turns out to be out of stock while the order is prepared. */
export const OUT_OF_STOCK_PREFERENCES = ["remove_item", "contact_me", "substitute"] as const;
export type OutOfStockPreference = (typeof OUT_OF_STOCK_PREFERENCES)[number];

/** The tip buttons of ADD_OR_UPDATE_CHECKOUT_TIP_OPTION; any other percent or amount may be typed. */
export const TIP_PERCENT_CHOICES = [0, 10, 15, 20] as const;
/** The largest tip a shopper may give, as a percent of the goods or as an amount in minor units. */
export const MAX_TIP_PERCENT = 100;
export const MAX_TIP_AMOUNT = 100_000;

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

/** A bookable delivery window (SEL_TIME), as `storeDeliverySchedule/query` answers it: ISO instants. */
export const deliveryWindowRefSchema = z.object({ start: z.iso.datetime(), end: z.iso.datetime() });
export type DeliveryWindowRef = z.infer<typeof deliveryWindowRefSchema>;

const id = z.number(FIELD_ERROR_KEYS.required).int().positive().max(2_147_483_647);

/**
 * A cart line as checkout sends it: what was picked, and optionally the unit price the shopper was
 * shown. That price is never charged; it only lets the server say "the price changed" on the line.
 */
export const checkoutLineSchema = savedCartLineSchema.extend({
  price: z.number().int().min(0).optional(),
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
  delivery_type: z.enum(DELIVERY_TYPES),
  shipping_address: shippingAddressSchema.nullable().default(null),
  billing_address: billingAddressSchema.nullable().default(null),
  delivery_time: deliveryWindowRefSchema.nullable().default(null),
  /** Id of the chosen option of `storeDeliveryByPost/query`. */
  delivery_post: id.nullable().default(null),
  /** Id of the pickup point, where the shop has several. */
  pickupOption: id.nullable().default(null),
  /** The coupon code the shopper typed. */
  coupon: z.string().trim().max(64, FIELD_ERROR_KEYS.tooLong).nullable().default(null),
  tip_option: tipOptionSchema.nullable().default(null),
  use_wallet: z.boolean().default(false),
  customer_contact: z.string().trim().max(120, FIELD_ERROR_KEYS.tooLong).default(""),
  customer_name: z.string().trim().max(120, FIELD_ERROR_KEYS.tooLong).default(""),
  note: z.string().trim().max(500, FIELD_ERROR_KEYS.tooLong).default(""),
  outStockPreference: z.enum(OUT_OF_STOCK_PREFERENCES).default("contact_me"),
  payment_gateway: z.enum(PAYMENT_GATEWAYS).nullable().default(null),
  /**
   * The card of a `test-card` payment: only `storeOrder/create` reads it, and passes it to the
   * provider without storing the number. Calculate needs none.
   */
  credit_card: creditCardSchema.nullable().default(null),
  /** For `stripe` and `bambora`: a card saved before (signed-in customers only) or a new one. */
  payment_sub_gateway: z.enum(PAYMENT_SUB_GATEWAYS).nullable().default(null),
  /** The Stripe card: a saved card's id, or the payment method Stripe's element made of a new one. */
  stripePaymentMethodId: stripePaymentMethodIdSchema.nullable().default(null),
  /** The Bambora card: a saved card of the shopper's profile, or a token of a new one. */
  bamboraCard: bamboraCardChoiceSchema.nullable().default(null),
  /** What `calculate` answered: when it is sent and the total has changed since, create refuses. */
  verified_response: z.string().max(200).nullable().default(null),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export type CheckoutRequestInput = z.input<typeof checkoutRequestSchema>;

/**
 * Storage key of the persisted checkout state (spec §9): the `checkout` key of the storage keys,
 * so signing out, which clears those, forgets the checkout too.
 */
export const CHECKOUT_STORAGE_KEY = STORAGE_KEYS.checkout;
/** The request header that makes a create safe to retry: one key, one order. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** What an idempotency key may be: a UUID fits, as does any random text of 8 to 100 word characters, `.`, `:` or `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,100}$/;
