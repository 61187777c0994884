import { describe, expect, it } from "vitest";
import { brandedLast4, cardDigits, cardLabel, groupedCardNumber } from "./card-entry.ts";

describe("a card as the checkout shows it", () => {
  it("keeps only the digits of what was typed", () => {
    expect(cardDigits("4242 4242-4242 4242")).toBe("4242424242424242");
  });

  it("shows the brand and the last four digits only", () => {
    expect(cardLabel("4242424242424242")).toBe("Visa •••• 4242");
    expect(cardLabel("5555555555554444")).toBe("Mastercard •••• 4444");
    expect(cardLabel("9999999999990000")).toBe("•••• 0000");
  });

  it("groups a typed number by four, as printed", () => {
    expect(groupedCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(groupedCardNumber("4242-42")).toBe("4242 42");
    expect(groupedCardNumber("42a4")).toBe("424");
  });
});

describe("brandedLast4", () => {
  it("shows a provider's card by its brand and last four digits", () => {
    expect(brandedLast4("mastercard", "1004")).toBe("Mastercard •••• 1004");
    expect(brandedLast4("unknown", "9999")).toBe("•••• 9999");
  });
});
