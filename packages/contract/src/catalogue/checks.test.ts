import { describe, expect, it } from "vitest";
import { expectAgreement, FOREIGN_VALUES, variantsOf } from "../platform/plain-checks.testing.ts";
import { asLocalizations, asProductImage, asProductSummary } from "./checks.ts";
import { imageSchema, localizationsSchema, productSummarySchema } from "./schemas.ts";

const summary = {
  id: 55,
  name: "Olive oil",
  nameLocalizations: { en: "Olive oil", ar: "زيت زيتون" },
  slug: "olive-oil",
  price: 1299,
  salePrice: null,
  currency: "USD",
  stock: 4,
  sku: "OIL-1",
  brand: "Stoa",
  unit: "bottle",
  image: { url: "/images/oil.jpg", alt: "A bottle" },
  categoryIds: [3, 7],
  isOnSale: false,
  isAvailable: true,
  createTime: "2025-01-02T03:04:05.000Z",
  remarks: "",
  hasVariations: false,
  hasOptions: false,
  hasFitment: false,
  priceFrom: null,
  regularPriceFrom: null,
  isDigital: false,
  isGiftCard: false,
  rating: null,
};

describe("the catalogue's plain checks agree with its schemas", () => {
  it("on product images", () => {
    const values = [
      ...FOREIGN_VALUES,
      ...variantsOf({ url: "/a.jpg", alt: "" }),
      ...variantsOf({ url: "/a.webp", alt: "", width: 1600, height: 1200 }),
    ];
    const { accepted, refused } = expectAgreement(asProductImage, imageSchema, values);
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it("on texts by language", () => {
    const values = [
      ...FOREIGN_VALUES,
      { en: "Oil", he: "שמן" },
      { fr: "Huile" },
      { en: 1 },
      { en: null },
      JSON.parse('{"__proto__": "x", "en": "Oil"}'),
    ];
    const { accepted, refused } = expectAgreement(asLocalizations, localizationsSchema, values);
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it("on product summaries, keeping their fields only", () => {
    const values = [
      ...FOREIGN_VALUES,
      ...variantsOf(summary),
      { ...summary, salePrice: 999, image: null },
      { ...summary, hasVariations: true, priceFrom: 999 },
      { ...summary, priceFrom: 9.5 },
      { ...summary, priceFrom: 999, regularPriceFrom: 1299 },
      { ...summary, regularPriceFrom: "12.99" },
      { ...summary, categoryIds: [3, "7"] },
      { ...summary, categoryIds: [1.5] },
      { ...summary, nameLocalizations: { de: "Öl" } },
      { ...summary, description: "Cold pressed", variations: [], related: [summary] },
    ];
    const { accepted, refused } = expectAgreement(asProductSummary, productSummarySchema, values);
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(100);
    expect(asProductSummary({ ...summary, description: "Cold pressed" })).toStrictEqual(summary);
  });
});
