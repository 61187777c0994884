import { describe, expect, it } from "vitest";
import type { ProductVariation, VariationOption } from "./schemas.ts";
import {
  choose,
  findVariation,
  initialSelection,
  matchingVariations,
  missingOptions,
  valueState,
  variationFromParam,
  variationPriceRange,
} from "./variations.ts";

const options: VariationOption[] = [
  {
    key: "size",
    name: "Size",
    values: [
      { key: "s", label: "Small" },
      { key: "l", label: "Large" },
    ],
  },
  {
    key: "colour",
    name: "Colour",
    values: [
      { key: "oak", label: "Oak" },
      { key: "walnut", label: "Walnut" },
      { key: "white", label: "White" },
    ],
  },
];

function variation(
  id: number,
  size: string,
  colour: string,
  stock: number,
  price = 10_000,
): ProductVariation {
  return {
    id,
    sku: `T-${id}`,
    optionValues: { size, colour },
    title: `${size} / ${colour}`,
    price,
    salePrice: null,
    stock,
    isAvailable: true,
    unit: null,
    description: null,
  };
}

// Small comes in oak and walnut; large in oak (sold out) and white; nobody makes large walnut.
const variations = [
  variation(1, "s", "oak", 4),
  variation(2, "s", "walnut", 2, 12_000),
  variation(3, "l", "oak", 0, 15_000),
  variation(4, "l", "white", 7, 16_000),
];

describe("variation matching", () => {
  it("finds the variation only once every option is chosen", () => {
    expect(findVariation(options, variations, { size: "s" })).toBeNull();
    expect(findVariation(options, variations, { size: "s", colour: "walnut" })?.id).toBe(2);
    expect(findVariation(options, variations, { size: "l", colour: "walnut" })).toBeNull();
    expect(missingOptions(options, { size: "l" }).map((o) => o.key)).toEqual(["colour"]);
  });

  it("marks values that do not exist or are sold out with the other choices kept", () => {
    const large = { size: "l" };
    expect(valueState(variations, large, "colour", "white")).toBe("available");
    expect(valueState(variations, large, "colour", "oak")).toBe("sold-out");
    expect(valueState(variations, large, "colour", "walnut")).toBe("unavailable");
    // With nothing chosen, oak is still buyable in small.
    expect(valueState(variations, {}, "colour", "oak")).toBe("available");
    // The option's own current value does not restrict its alternatives.
    expect(valueState(variations, { size: "s", colour: "oak" }, "size", "l")).toBe("sold-out");
  });

  it("treats a variation the shop switched off as sold out", () => {
    const off = variations.map((v) => (v.id === 4 ? { ...v, isAvailable: false } : v));
    expect(valueState(off, { size: "l" }, "colour", "white")).toBe("sold-out");
  });

  it("starts from a shared variation and ignores ids it does not have", () => {
    const product = { variationOptions: options, variations };
    expect(initialSelection(product, "2")).toEqual({ size: "s", colour: "walnut" });
    expect(initialSelection(product, "99")).toEqual({});
    expect(initialSelection(product, "2abc")).toEqual({});
    expect(variationFromParam(variations, null)).toBeNull();
    expect(choose({ size: "s" }, "size", "l")).toEqual({ size: "l" });
  });

  it("preselects the only variation of a product that has one", () => {
    const single = {
      variationOptions: [options[0] as VariationOption],
      variations: [variation(9, "s", "oak", 3)],
    };
    expect(initialSelection(single, null)).toEqual({ size: "s" });
  });

  it("gives the price range of the variations on offer", () => {
    expect(variationPriceRange(variations)).toEqual({ min: 10_000, max: 16_000 });
    expect(variationPriceRange(matchingVariations(variations, { size: "l" }))).toEqual({
      min: 15_000,
      max: 16_000,
    });
    const sale = [{ ...variation(5, "s", "oak", 1, 9_000), salePrice: 7_000 }];
    expect(variationPriceRange(sale)).toEqual({ min: 7_000, max: 7_000 });
    expect(variationPriceRange([])).toBeNull();
  });
});
