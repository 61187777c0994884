import { describe, expect, it } from "vitest";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { cardBrand, cardExpired, cardSummary, creditCardSchema, luhnValid } from "./card.ts";
import { PROVIDER_TEST_CARDS } from "./gateways.ts";
import { TEST_CARDS } from "./test-cards.ts";

const nextYear = new Date().getUTCFullYear() + 1;
const good = {
  number: "4242 4242 4242 4242",
  expiryMonth: 12,
  expiryYear: nextYear,
  cvc: "123",
  name: "Ada Lovelace",
};

/** The field errors a card gets, as the API answers them: path → key. */
function errorsOf(input: unknown): Record<string, string> {
  const result = creditCardSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("card numbers", () => {
  it.each([
    ["4242424242424242", true],
    ["4242424242424241", false],
    ["79927398713", true],
    ["79927398710", false],
    ["4242x24242424242", false],
  ])("Luhn check of %s is %s", (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid);
  });

  it("names test cards for every card provider, each one a card number that passes the Luhn check", () => {
    for (const cards of Object.values(PROVIDER_TEST_CARDS)) {
      expect(cards.some((card) => card.outcome === "approved")).toBe(true);
      for (const card of cards) expect(luhnValid(card.number), card.number).toBe(true);
    }
  });

  it("every documented test card passes the Luhn check and is a Visa", () => {
    for (const card of TEST_CARDS) {
      expect(luhnValid(card.number), card.number).toBe(true);
      expect(cardBrand(card.number)).toBe("visa");
    }
  });

  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["3056930009020004", "unknown"],
  ])("%s is %s", (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });

  it("summarises a card as brand and last four digits only", () => {
    expect(cardSummary("378282246310005")).toEqual({ brand: "amex", last4: "0005" });
  });
});

describe("card expiry", () => {
  const march2030 = new Date(Date.UTC(2030, 2, 31, 23, 59));
  it.each([
    [3, 2030, false],
    [4, 2030, false],
    [2, 2030, true],
    [12, 2029, true],
    [1, 2031, false],
  ])("%i/%i in March 2030: expired %s", (month, year, expired) => {
    expect(cardExpired(month, year, march2030)).toBe(expired);
  });
});

describe("credit card schema", () => {
  it("keeps the number as digits only and reads two-digit years as this century's", () => {
    const card = creditCardSchema.parse({
      ...good,
      expiryYear: nextYear % 100,
      number: "4242-4242 4242-4242",
    });
    expect(card).toEqual({ ...good, number: "4242424242424242" });
  });

  it("takes month and year typed as text", () => {
    expect(
      creditCardSchema.parse({ ...good, expiryMonth: "07", expiryYear: String(nextYear) }),
    ).toMatchObject({
      expiryMonth: 7,
      expiryYear: nextYear,
    });
  });

  it.each([
    ["a mistyped digit", { number: "4242 4242 4242 4241" }, { number: FIELD_ERROR_KEYS.cardNumber }],
    ["too few digits", { number: "4242" }, { number: FIELD_ERROR_KEYS.cardNumber }],
    ["letters", { number: "4242 abcd 4242 4242" }, { number: FIELD_ERROR_KEYS.cardNumber }],
    ["no number", { number: undefined }, { number: FIELD_ERROR_KEYS.required }],
    ["a past expiry", { expiryMonth: 1, expiryYear: 2020 }, { expiryYear: FIELD_ERROR_KEYS.cardExpired }],
    ["month 13", { expiryMonth: 13 }, { expiryMonth: FIELD_ERROR_KEYS.invalid }],
    [
      "month 0 of a past year",
      { expiryMonth: 0, expiryYear: 2020 },
      { expiryMonth: FIELD_ERROR_KEYS.invalid },
    ],
    ["a two-digit security code", { cvc: "12" }, { cvc: FIELD_ERROR_KEYS.cardCvc }],
    ["four digits on a Visa", { cvc: "1234" }, { cvc: FIELD_ERROR_KEYS.cardCvc }],
    ["three digits on an Amex", { number: "378282246310005", cvc: "123" }, { cvc: FIELD_ERROR_KEYS.cardCvc }],
    ["no name", { name: "  " }, { name: FIELD_ERROR_KEYS.required }],
    ["a month that is not a number", { expiryMonth: "ab" }, { expiryMonth: FIELD_ERROR_KEYS.invalid }],
  ])("refuses %s with its field error", (_, change, errors) => {
    expect(errorsOf({ ...good, ...change })).toEqual(errors);
  });

  it("asks for each field left blank, rather than calling it not valid", () => {
    expect(errorsOf({ number: "", expiryMonth: "", expiryYear: " ", cvc: "", name: "" })).toEqual({
      number: FIELD_ERROR_KEYS.required,
      expiryMonth: FIELD_ERROR_KEYS.required,
      expiryYear: FIELD_ERROR_KEYS.required,
      cvc: FIELD_ERROR_KEYS.required,
      name: FIELD_ERROR_KEYS.required,
    });
    expect(errorsOf({})).toEqual({
      number: FIELD_ERROR_KEYS.required,
      expiryMonth: FIELD_ERROR_KEYS.required,
      expiryYear: FIELD_ERROR_KEYS.required,
      cvc: FIELD_ERROR_KEYS.required,
      name: FIELD_ERROR_KEYS.required,
    });
  });

  it("says what is wrong with a field once it is filled in", () => {
    expect(errorsOf({ ...good, number: "1234", cvc: "1" })).toEqual({
      number: FIELD_ERROR_KEYS.cardNumber,
      cvc: FIELD_ERROR_KEYS.cardCvc,
    });
  });

  it("takes four digits on an Amex", () => {
    expect(creditCardSchema.parse({ ...good, number: "3782 822463 10005", cvc: "1234" }).cvc).toBe("1234");
  });

  it("reports an expired card beside a wrong security code", () => {
    expect(errorsOf({ ...good, cvc: "1", expiryYear: 2020 })).toEqual({
      cvc: FIELD_ERROR_KEYS.cardCvc,
      expiryYear: FIELD_ERROR_KEYS.cardExpired,
    });
  });
});
