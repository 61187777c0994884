import { type CardBrand, cardBrand } from "@stoa/contract";

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  unknown: "",
};

/** The number as typed, without the spaces or dashes people put in it. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/** How a card is shown once entered: its brand and last four digits, never more. */
export function cardLabel(digits: string): string {
  return brandedLast4(cardBrand(digits), digits.slice(-4));
}

/** A card a provider keeps, shown the same way from what it tells of it. */
export function brandedLast4(brand: CardBrand, last4: string): string {
  return [BRAND_NAMES[brand], `•••• ${last4}`].filter(Boolean).join(" ");
}

/** A card number in groups of four as it is printed, for reading what was typed. */
export function groupedCardNumber(number: string): string {
  return cardDigits(number)
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}
