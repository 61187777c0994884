import { describe, expect, it } from "vitest";
import en from "../../platform/i18n/locales/en/common.json";
import { taxNoteKey } from "./tax-note.ts";

describe("taxNoteKey", () => {
  it("says prices include tax only when the shop's setting says so", () => {
    expect(taxNoteKey(true)).toBe("cart.tax-included");
    expect(en.cart["tax-included"]).toBe("Prices include tax");
  });

  it("says tax is added when the shop's prices are without it", () => {
    expect(taxNoteKey(false)).toBe("cart.tax-added");
    expect(en.cart["tax-added"]).toBe("Tax is added at checkout");
  });
});
