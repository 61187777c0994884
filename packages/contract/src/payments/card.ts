import { z } from "zod";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";

/** Card brands told apart by the number's first digits; `unknown` for any other. */
export const CARD_BRANDS = ["visa", "mastercard", "amex", "discover", "unknown"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The Luhn check digit rule every card number keeps: catches a mistyped digit before any provider sees it. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^3[47]/.test(digits)) return "amex";
  const firstTwo = Number(digits.slice(0, 2));
  const firstFour = Number(digits.slice(0, 4));
  if ((firstTwo >= 51 && firstTwo <= 55) || (firstFour >= 2221 && firstFour <= 2720)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

/** American Express prints four digits on the front; every other brand three on the back. */
export function cvcLength(brand: CardBrand): 3 | 4 {
  return brand === "amex" ? 4 : 3;
}

/** A card is good through the last day of its expiry month (read in UTC, as providers do). */
export function cardExpired(expiryMonth: number, expiryYear: number, now: Date): boolean {
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiryYear * 12 + (expiryMonth - 1) < thisMonth;
}

/**
 * A number typed into a card form, or sent as one. A blank one was not filled in: it is asked for
 * ("required") rather than called wrong, which is what coercing "" (to 0) would say of it.
 */
const typedNumber = z.union([z.number(), z.string().trim().min(1, FIELD_ERROR_KEYS.required)], {
  error: FIELD_ERROR_KEYS.required,
});

/** Two-digit years, as printed on cards, are this century's. */
const expiryYearSchema = z.coerce
  .number<string | number>({ error: FIELD_ERROR_KEYS.invalid })
  .int(FIELD_ERROR_KEYS.invalid)
  .min(0, FIELD_ERROR_KEYS.invalid)
  .max(2099, FIELD_ERROR_KEYS.invalid)
  .transform((year) => (year < 100 ? 2000 + year : year))
  .pipe(z.number().min(2000, FIELD_ERROR_KEYS.invalid));

/**
 * The card of ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD (the checkout's `credit_card`), as the test
 * provider takes it. The number may be typed with spaces or dashes and is kept as digits only. It
 * goes to the provider and nowhere else: only its brand and last four digits are ever stored. A
 * past expiry is reported on `expiryYear`.
 */
export const creditCardSchema = z
  .object({
    number: z
      .string(FIELD_ERROR_KEYS.required)
      .trim()
      .min(1, { error: FIELD_ERROR_KEYS.required, abort: true })
      .max(40, FIELD_ERROR_KEYS.cardNumber)
      .transform((number) => number.replace(/[\s-]/g, ""))
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, FIELD_ERROR_KEYS.cardNumber)
          .refine(luhnValid, FIELD_ERROR_KEYS.cardNumber),
      ),
    expiryMonth: typedNumber.pipe(
      z.coerce
        .number<string | number>({ error: FIELD_ERROR_KEYS.invalid })
        .int(FIELD_ERROR_KEYS.invalid)
        .min(1, FIELD_ERROR_KEYS.invalid)
        .max(12, FIELD_ERROR_KEYS.invalid),
    ),
    expiryYear: typedNumber.pipe(expiryYearSchema),
    cvc: z
      .string(FIELD_ERROR_KEYS.required)
      .trim()
      .min(1, { error: FIELD_ERROR_KEYS.required, abort: true })
      .regex(/^\d{3,4}$/, FIELD_ERROR_KEYS.cardCvc),
    name: z
      .string(FIELD_ERROR_KEYS.required)
      .trim()
      .min(1, FIELD_ERROR_KEYS.required)
      .max(100, FIELD_ERROR_KEYS.tooLong),
  })
  // Runs beside the fields' own errors, so each check first makes sure the fields it reads are sound.
  .superRefine((card, ctx) => {
    if (luhnValid(card.number) && card.cvc.length !== cvcLength(cardBrand(card.number)))
      ctx.addIssue({ code: "custom", path: ["cvc"], message: FIELD_ERROR_KEYS.cardCvc });
    const monthSound = Number.isInteger(card.expiryMonth) && card.expiryMonth >= 1 && card.expiryMonth <= 12;
    if (monthSound && cardExpired(card.expiryMonth, card.expiryYear, new Date()))
      ctx.addIssue({ code: "custom", path: ["expiryYear"], message: FIELD_ERROR_KEYS.cardExpired });
  });
export type CreditCard = z.infer<typeof creditCardSchema>;
export type CreditCardInput = z.input<typeof creditCardSchema>;

/** What may be kept of a card and shown again: never the number itself. */
export type CardSummary = { brand: CardBrand; last4: string };

export function cardSummary(digits: string): CardSummary {
  return { brand: cardBrand(digits), last4: digits.slice(-4) };
}
