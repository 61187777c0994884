import { describe, expect, it } from "vitest";
import { addOnsPriceRange } from "./add-ons.ts";
import { priceFrom, productPriceRange, regularPriceFrom } from "./price-from.ts";
import type { AddOnGroup } from "./schemas.ts";

const crust: AddOnGroup = {
  key: "crust",
  name: "Crust",
  minSelect: 1,
  maxSelect: 1,
  items: [
    { key: "classic", name: "Classic", price: 0 },
    { key: "stuffed", name: "Stuffed", price: 300 },
    { key: "gluten-free", name: "Gluten free", price: 250 },
  ],
};
const toppings: AddOnGroup = {
  key: "toppings",
  name: "Extra toppings",
  minSelect: 0,
  maxSelect: 2,
  items: [
    { key: "olives", name: "Olives", price: 100 },
    { key: "basil", name: "Basil", price: 50 },
    { key: "chili", name: "Chili", price: 75 },
  ],
};
const sides: AddOnGroup = {
  key: "sides",
  name: "Two sides",
  minSelect: 2,
  maxSelect: 2,
  items: [
    { key: "fries", name: "Fries", price: 200 },
    { key: "salad", name: "Salad", price: 150 },
    { key: "slaw", name: "Slaw", price: 100 },
  ],
};
const free: AddOnGroup = {
  key: "sauce",
  name: "Sauce",
  minSelect: 1,
  maxSelect: 1,
  items: [
    { key: "ketchup", name: "Ketchup", price: 0 },
    { key: "mayo", name: "Mayo", price: 0 },
  ],
};

const variation = (price: number, salePrice: number | null = null, isAvailable = true) => ({
  price,
  salePrice,
  isAvailable,
});

describe("what add-ons can add to a dish", () => {
  it("is the cheapest required picks at least and the dearest allowed picks at most", () => {
    expect(addOnsPriceRange([crust])).toEqual({ min: 0, max: 300 });
    expect(addOnsPriceRange([toppings])).toEqual({ min: 0, max: 175 });
    expect(addOnsPriceRange([sides])).toEqual({ min: 250, max: 350 });
    expect(addOnsPriceRange([crust, toppings, sides])).toEqual({ min: 250, max: 825 });
  });

  it("is nothing without add-ons, or with free ones only", () => {
    expect(addOnsPriceRange([])).toEqual({ min: 0, max: 0 });
    expect(addOnsPriceRange([free])).toEqual({ min: 0, max: 0 });
  });
});

describe("the 'From' price", () => {
  it("is the cheapest variation offered when the variations are priced differently", () => {
    const range = productPriceRange({
      price: 129_900,
      salePrice: null,
      variations: [variation(129_900, 109_900), variation(134_900), variation(99_000, null, false)],
      addOnGroups: [],
    });
    expect(range).toEqual({ min: 109_900, max: 134_900 });
    expect(priceFrom(range)).toBe(109_900);
  });

  it("is the product's own price, and what required add-ons cost at least, when add-ons change the price", () => {
    expect(
      priceFrom(
        productPriceRange({ price: 1_350, salePrice: 1_150, variations: null, addOnGroups: [crust] }),
      ),
    ).toBe(1_150);
    expect(
      priceFrom(productPriceRange({ price: 1_500, salePrice: null, variations: null, addOnGroups: [sides] })),
    ).toBe(1_750);
  });

  it("is not said of a product with one price", () => {
    const plain = { price: 1_000, salePrice: 800, variations: null, addOnGroups: [] };
    expect(productPriceRange(plain)).toEqual({ min: 800, max: 800 });
    expect(priceFrom(productPriceRange(plain))).toBeNull();
    expect(priceFrom(productPriceRange({ ...plain, addOnGroups: [free] }))).toBeNull();
    const samePrice = [variation(2_000), variation(2_500, 2_000)];
    expect(priceFrom(productPriceRange({ ...plain, variations: samePrice }))).toBeNull();
  });

  it("narrows to one price once the variation is chosen, unless add-ons still change it", () => {
    const chosen = [variation(2_000)];
    expect(
      priceFrom(productPriceRange({ price: 0, salePrice: null, variations: chosen, addOnGroups: [] })),
    ).toBeNull();
    expect(
      priceFrom(
        productPriceRange({ price: 0, salePrice: null, variations: chosen, addOnGroups: [toppings] }),
      ),
    ).toBe(2_000);
  });

  it("has no range when no variation is offered", () => {
    const range = productPriceRange({
      price: 1_000,
      salePrice: null,
      variations: [variation(1_000, null, false)],
      addOnGroups: [],
    });
    expect(range).toBeNull();
    expect(priceFrom(range)).toBeNull();
  });
});

describe("the regular 'From' price struck through beside a sale's", () => {
  it("is the dish's price before its sale, plus what the add-ons cost at least", () => {
    expect(regularPriceFrom({ price: 1_350, salePrice: 1_150, variations: null, addOnGroups: [crust] })).toBe(
      1_350,
    );
  });

  it("is the cheapest variation before any sale", () => {
    const variations = [variation(129_900, 109_900), variation(134_900), variation(99_000, null, false)];
    expect(regularPriceFrom({ price: 129_900, salePrice: null, variations, addOnGroups: [] })).toBe(129_900);
  });

  it("is not said without a sale, or without a 'From' price", () => {
    expect(
      regularPriceFrom({ price: 1_350, salePrice: null, variations: null, addOnGroups: [crust] }),
    ).toBeNull();
    expect(regularPriceFrom({ price: 1_000, salePrice: 800, variations: null, addOnGroups: [] })).toBeNull();
    // A sale on a dearer variation only: the cheapest is the same either way.
    const variations = [variation(1_000), variation(2_000, 1_500)];
    expect(regularPriceFrom({ price: 1_000, salePrice: null, variations, addOnGroups: [] })).toBeNull();
  });
});
