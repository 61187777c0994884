import type { Locale } from "./locale.ts";

export const CURRENCY_FRACTION_DIGITS = 2;

/**
 * Money is an integer count of minor units (cents) plus the store's currency; it is never a float
 * on the wire or in the database (docs/decisions/003-money.md).
 */
export type Money = { amount: number; currency: string };

const MINOR_PER_MAJOR = 10 ** CURRENCY_FRACTION_DIGITS;

export function assertMinorUnits(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money must be whole minor units, got ${amount}`);
}

/** Parses a decimal text such as "12.5" into minor units without going through float arithmetic. */
export function parseMajor(text: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not a money amount: ${text}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const minor = Number(whole) * MINOR_PER_MAJOR + Number(fraction.padEnd(CURRENCY_FRACTION_DIGITS, "0"));
  return sign ? -minor : minor;
}

/** Line total: unit price times quantity, still in minor units. */
export function lineTotal(unitPrice: number, quantity: number): number {
  assertMinorUnits(unitPrice);
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be whole, got ${quantity}`);
  return unitPrice * quantity;
}

/** Percentage of an amount, rounded half away from zero once, as a line's tax or discount is. */
export function percentOf(amount: number, percent: number): number {
  assertMinorUnits(amount);
  const exact = (amount * percent) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/**
 * `numerator ÷ denominator` for whole numbers, rounded half away from zero in integer steps: a float
 * division can land a hair below an exact half (7.33 % is no binary fraction) and round it the wrong way.
 */
export function divideRounded(numerator: number, denominator: number): number {
  assertMinorUnits(numerator);
  if (!Number.isSafeInteger(denominator) || denominator <= 0)
    throw new RangeError(`Divisor must be a positive whole number, got ${denominator}`);
  const size = Math.abs(numerator);
  let quotient = Math.floor(size / denominator);
  let remainder = size - quotient * denominator;
  // The float quotient may round up to the next whole number; the remainder then says so.
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  }
  if (remainder * 2 >= denominator) quotient += 1;
  return numerator < 0 ? -quotient : quotient;
}

/** Basis points (hundredths of a percent: 725 is 7.25 %) of an amount, rounded once. */
export function basisPointsOf(amount: number, basisPoints: number): number {
  return divideRounded(amount * basisPoints, 10_000);
}

/** The tax inside a price that already includes it: `gross × rate ÷ (1 + rate)`, rounded once. */
export function includedTax(gross: number, basisPoints: number): number {
  return divideRounded(gross * basisPoints, 10_000 + basisPoints);
}

/**
 * A formatter per language and currency, and the texts it made: a page shows the same few prices
 * many times (cards, the cart, totals), and Intl's formatting was a visible part of rendering one.
 */
type Formatter = { format: Intl.NumberFormat; made: Map<number, string> };
const formatters = new Map<string, Formatter>();
/** Texts kept per formatter at most; prices beyond it are formatted again, not remembered. */
const MOST_KEPT_TEXTS = 5_000;

/** Formats minor units for display, always with the spec's 2 fraction digits. */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
  assertMinorUnits(amount);
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = {
      format: new Intl.NumberFormat(locale, {
        style: "currency",
        currency,
        minimumFractionDigits: CURRENCY_FRACTION_DIGITS,
        maximumFractionDigits: CURRENCY_FRACTION_DIGITS,
      }),
      made: new Map(),
    };
    formatters.set(key, formatter);
  }
  let text = formatter.made.get(amount);
  if (text === undefined) {
    text = formatter.format.format(amount / MINOR_PER_MAJOR);
    if (formatter.made.size < MOST_KEPT_TEXTS) formatter.made.set(amount, text);
  }
  return text;
}

/** The lowest and the highest of the amounts something can cost, minor units. */
export type PriceRange = { min: number; max: number };

/** The price a shopper pays now: the sale price when there is a lower one. */
export function effectivePrice(price: number, salePrice: number | null | undefined): number {
  return salePrice != null && salePrice < price ? salePrice : price;
}

/** Whole percent saved by a sale price, for "-20%" badges. */
export function discountPercent(price: number, salePrice: number | null | undefined): number {
  if (salePrice == null || salePrice >= price || price <= 0) return 0;
  return Math.round(((price - salePrice) / price) * 100);
}
