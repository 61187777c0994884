import { z } from "zod";
import { emailSchema } from "../account/schemas.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idTextSchema } from "../platform/ids.ts";

/** A gift card's code as typed: spaces, dashes and case do not matter. */
export const giftCardCodeSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .min(1, FIELD_ERROR_KEYS.required)
  .max(40, FIELD_ERROR_KEYS.tooLong);

export const giftCardRedeemBodySchema = z.object({ code: giftCardCodeSchema });

/** A redeemed card: what it added to the customer's credit, and the credit now. */
export const giftCardRedeemedSchema = z.object({
  value: z.number().int(),
  walletBalance: z.number().int(),
  currency: z.string(),
});
export type GiftCardRedeemed = z.infer<typeof giftCardRedeemedSchema>;

/** The cards an order bought, once it is paid: each code to give, what it is worth, whether it was used. */
export const orderGiftCardsSchema = z.object({
  cards: z.array(
    z.object({
      orderLineId: z.number().int(),
      code: z.string(),
      value: z.number().int(),
      redeemed: z.boolean(),
    }),
  ),
});
export type OrderGiftCards = z.infer<typeof orderGiftCardsSchema>;
export const orderGiftCardsBodySchema = z.object({ orderId: idTextSchema });

/**
 * What happened to a card: redeemed into a customer's credit, adjusted by staff, spent on an order
 * at checkout, or given back by that order's cancel or refund.
 */
export const GIFT_CARD_EVENT_KINDS = ["redeemed", "adjusted", "spent", "returned"] as const;
export type GiftCardEventKind = (typeof GIFT_CARD_EVENT_KINDS)[number];

/** A card as the shop sees it, with every change made to it and by whom. */
export const staffGiftCardSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  value: z.number().int(),
  currency: z.string(),
  redeemed: z.object({ at: z.iso.datetime(), customerId: z.number().int() }).nullable(),
  events: z.array(
    z.object({
      kind: z.enum(GIFT_CARD_EVENT_KINDS),
      valueBefore: z.number().int(),
      valueAfter: z.number().int(),
      customerId: z.number().int().nullable(),
      /** The order that spent the card, or got its spending back. */
      orderId: z.number().int().nullable(),
      staffId: z.number().int().nullable(),
      note: z.string(),
      at: z.iso.datetime(),
    }),
  ),
});
export type StaffGiftCard = z.infer<typeof staffGiftCardSchema>;
export const staffGiftCardLookupBodySchema = z.object({ code: giftCardCodeSchema });
/** Sets what a card not yet redeemed is worth (a correction, a goodwill top-up, a void to 0), saying why. */
export const staffGiftCardAdjustBodySchema = z.object({
  code: giftCardCodeSchema,
  value: z
    .number(FIELD_ERROR_KEYS.required)
    .int()
    .min(0, FIELD_ERROR_KEYS.tooSmall)
    .max(100_000_00, FIELD_ERROR_KEYS.tooLarge),
  note: z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(500, FIELD_ERROR_KEYS.tooLong),
});

/** The longest message a buyer writes to the recipient of a gift card. */
export const GIFT_MESSAGE_MAX = 500;

/**
 * A gift card bought as a present: the recipient gets its code by email, with the buyer's message,
 * on `sendOn` (a day in the shop's time zone, from today to a year ahead; checkout says so) or at
 * once when it is null, as soon as the order is paid.
 */
export const giftRecipientSchema = z.object({
  name: z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(80, FIELD_ERROR_KEYS.tooLong),
  email: emailSchema,
  message: z.string().trim().max(GIFT_MESSAGE_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
  sendOn: z.iso.date(FIELD_ERROR_KEYS.invalid).nullable().default(null),
});
export type GiftRecipient = z.infer<typeof giftRecipientSchema>;
