import { z } from "zod";
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

/** A card as the shop sees it, with every change made to it and by whom. */
export const staffGiftCardSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  value: z.number().int(),
  currency: z.string(),
  redeemed: z.object({ at: z.iso.datetime(), customerId: z.number().int() }).nullable(),
  events: z.array(
    z.object({
      kind: z.enum(["redeemed", "adjusted"]),
      valueBefore: z.number().int(),
      valueAfter: z.number().int(),
      customerId: z.number().int().nullable(),
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
