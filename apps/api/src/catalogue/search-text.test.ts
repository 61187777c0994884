import { describe, expect, it } from "vitest";
import { productSearchText } from "./search-text.ts";

describe("productSearchText", () => {
  it("joins every name, every brand, the sku and the barcode in lower case", () => {
    const text = productSearchText({
      nameLocalizations: { en: "Gala Apples", ar: "تفاح غالا", he: "תפוחי גאלה" },
      brandLocalizations: { en: "Sunny Orchard", ar: "البستان المشمس" },
      sku: "GRC-1001",
      barcode: "6241530090220",
    });
    expect(text).toBe("gala apples تفاح غالا תפוחי גאלה sunny orchard البستان المشمس grc-1001 6241530090220");
  });

  it("skips missing and blank texts", () => {
    expect(
      productSearchText({
        nameLocalizations: { en: " Tea ", ar: "" },
        brandLocalizations: {},
        sku: "T1",
        barcode: "",
      }),
    ).toBe("tea t1");
  });
});
