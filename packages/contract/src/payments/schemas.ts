import { z } from "zod";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idTextSchema } from "../platform/ids.ts";
import { CARD_BRANDS } from "./card.ts";
import { STRIPE_PAYMENT_METHOD_ID_PATTERN } from "./checks.ts";
import { CARD_GATEWAYS, STRIPE_GATEWAY } from "./gateways.ts";

/*
 * What crosses the wire about cards kept by a provider: the shopper's saved cards, Bambora's billing
 * profile, and what the storefront must do to finish a payment. Card numbers never do: Stripe's
 * element and Bambora's tokenization page take them in the browser, and Stoa sees only what the
 * provider made of them.
 */

const text = (max: number) =>
  z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(max, FIELD_ERROR_KEYS.tooLong);

/**
 * The billing profile of spec §3, as Bambora's payment profile keeps it (ADD_NEW_CARD_BAMBORA):
 * Bambora wants the country as its two-letter ISO code and, in the US and Canada, the province as
 * its two-letter code.
 */
export const billingProfileSchema = z.object({
  name: text(64),
  addressLine1: text(64),
  country: z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, FIELD_ERROR_KEYS.invalid),
  city: text(32),
  province: z.string().trim().toUpperCase().max(2, FIELD_ERROR_KEYS.tooLong).default(""),
  postalCode: text(16),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;
export type BillingProfileInput = z.input<typeof billingProfileSchema>;

/** A card saved with a provider, as the card lists show it: never its number. */
export const savedCardSchema = z.object({
  /** The provider's id of the card: a Stripe payment method id, a Bambora profile card id. */
  id: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  holderName: z.string().nullable(),
});
export type SavedCardView = z.infer<typeof savedCardSchema>;
export const savedCardListSchema = z.object({ records: z.array(savedCardSchema) });

/** A Stripe payment method id as Stripe.js answers it (`pm_…`). */
export const stripePaymentMethodIdSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .regex(STRIPE_PAYMENT_METHOD_ID_PATTERN, FIELD_ERROR_KEYS.invalid);

/** A card of the shopper's Bambora profile, by its number within the profile. */
export const bamboraCardIdSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .regex(/^\d{1,9}$/, FIELD_ERROR_KEYS.invalid);

/** A single-use token Bambora's tokenization page answered for a card typed in the browser. */
export const bamboraTokenSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .min(1, FIELD_ERROR_KEYS.required)
  .max(100, FIELD_ERROR_KEYS.tooLong)
  .regex(/^[\w-]+$/, FIELD_ERROR_KEYS.invalid);

/**
 * The checkout's Bambora card: `cardId` of a saved card (`payment_sub_gateway: saved_card`), or the
 * `token` and the holder's `name` of a card typed for this order (`new_card`).
 */
export const bamboraCardChoiceSchema = z.object({
  cardId: bamboraCardIdSchema.optional(),
  token: bamboraTokenSchema.optional(),
  name: z.string().trim().max(64, FIELD_ERROR_KEYS.tooLong).default(""),
});
export type BamboraCardChoice = z.infer<typeof bamboraCardChoiceSchema>;

/**
 * What the storefront must do before an order is paid: the card's bank wants the shopper to confirm
 * (3-D Secure). The storefront hands `clientSecret` to Stripe.js (`handleNextAction`), then calls
 * `storeOrder/confirmPayment`; the order stays `pending_payment` until then.
 */
export const paymentActionSchema = z.object({
  kind: z.literal("confirm_card"),
  gateway: z.literal(STRIPE_GATEWAY),
  clientSecret: z.string(),
});
export type PaymentAction = z.infer<typeof paymentActionSchema>;

/**
 * `GET /api/storeStripe/getKeys`: the store's Stripe publishable key (the payment key response of
 * spec §3, `{key}`; null when the store takes no Stripe payments), the card providers the store
 * takes (saved cards of each are listed and paid with) and the one that takes new cards. Secret
 * keys never leave the API.
 */
export const paymentKeysSchema = z.object({
  key: z.string().nullable(),
  gateways: z.array(z.enum(CARD_GATEWAYS)),
  /** The provider a new card goes through (the shop's setting); null when the shop takes no cards. */
  cardGateway: z.enum(CARD_GATEWAYS).nullable(),
  /**
   * The gateways among them that run on a test account, whose test cards (PROVIDER_TEST_CARDS)
   * the card forms name: no real card is charged there, and only those cards work.
   */
  testCards: z.array(z.enum(CARD_GATEWAYS)),
});
export type PaymentKeys = z.infer<typeof paymentKeysSchema>;

/** ADD_NEW_CARD: no payment method asks for a SetupIntent for Stripe's element; one saves it at once. */
export const addStripeCardBodySchema = z.object({
  paymentMethodId: stripePaymentMethodIdSchema.optional(),
});
/** The card saved, or the SetupIntent's client secret the storefront finishes with Stripe's element. */
export const addStripeCardSchema = z.object({
  card: savedCardSchema.nullable(),
  clientSecret: z.string().nullable(),
});
export const deleteStripeCardBodySchema = z.object({ paymentMethodId: stripePaymentMethodIdSchema });

/** ADD_NEW_CARD_BAMBORA: the tokenized card, the name on it, and the billing profile it is saved under. */
export const addBamboraCardBodySchema = z.object({
  token: bamboraTokenSchema,
  name: text(64),
  billing: billingProfileSchema,
});
export const addBamboraCardSchema = z.object({ card: savedCardSchema });
export const deleteBamboraCardBodySchema = z.object({ cardId: bamboraCardIdSchema });
export const deletedCardSchema = z.object({ deleted: z.literal(true) });

/** `GET user/bamboraProfile`: the billing profile of the shopper's Bambora payment profile, if any. */
export const bamboraProfileSchema = z.object({ profile: billingProfileSchema.nullable() });

/**
 * Where Stripe sends a store's events: not a store call (Stripe sends no store-domain header and its
 * body is checked byte for byte against `Stripe-Signature`), so it stands outside the `endpoints` map.
 */
export const stripeWebhook = {
  path: "/api/storeStripe/webhook/{storeId}",
  params: z.object({ storeId: idTextSchema }),
  data: z.object({ outcome: z.enum(["applied", "ignored", "repeated"]) }),
} as const;
