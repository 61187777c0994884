import { describe, expect, it } from "vitest";
import { addOnProblems, addOnsPrice, dishTotal, toggleAddOn } from "./add-ons.ts";
import type { AddOnGroup } from "./schemas.ts";

const groups: AddOnGroup[] = [
  {
    key: "crust",
    name: "Crust",
    minSelect: 1,
    maxSelect: 1,
    items: [
      { key: "thin", name: "Thin", price: 0 },
      { key: "stuffed", name: "Stuffed", price: 250 },
    ],
  },
  {
    key: "toppings",
    name: "Extra toppings",
    minSelect: 0,
    maxSelect: 2,
    items: [
      { key: "olives", name: "Olives", price: 100 },
      { key: "basil", name: "Basil", price: 50 },
      { key: "chili", name: "Chili", price: 75 },
    ],
  },
];

describe("add-on rules", () => {
  it("asks for the required choices before the dish can go to the cart", () => {
    expect(addOnProblems(groups, {})).toEqual([{ group: "crust", kind: "too-few", limit: 1 }]);
    expect(addOnProblems(groups, { crust: ["thin"] })).toEqual([]);
  });

  it("swaps the pick of a single-choice group and keeps a required one picked", () => {
    let { choice } = toggleAddOn(groups, {}, "crust", "thin");
    ({ choice } = toggleAddOn(groups, choice, "crust", "stuffed"));
    expect(choice.crust).toEqual(["stuffed"]);
    ({ choice } = toggleAddOn(groups, choice, "crust", "stuffed"));
    expect(choice.crust).toEqual(["stuffed"]);
  });

  it("refuses a pick over the maximum and says which limit", () => {
    let { choice } = toggleAddOn(groups, {}, "toppings", "olives");
    ({ choice } = toggleAddOn(groups, choice, "toppings", "basil"));
    const third = toggleAddOn(groups, choice, "toppings", "chili");
    expect(third.choice).toBe(choice);
    expect(third.refused).toEqual({ group: "toppings", kind: "too-many", limit: 2 });
    ({ choice } = toggleAddOn(groups, choice, "toppings", "olives"));
    expect(choice.toppings).toEqual(["basil"]);
  });

  it("ignores items and groups the dish does not have", () => {
    expect(toggleAddOn(groups, {}, "toppings", "pineapple").choice).toEqual({});
    expect(toggleAddOn(groups, {}, "sauce", "bbq").choice).toEqual({});
    expect(addOnProblems(groups, { crust: ["cardboard"] })).toEqual([
      { group: "crust", kind: "too-few", limit: 1 },
    ]);
  });

  it("flags a stored choice over the maximum", () => {
    expect(addOnProblems(groups, { crust: ["thin"], toppings: ["olives", "basil", "chili"] })).toEqual([
      { group: "toppings", kind: "too-many", limit: 2 },
    ]);
  });

  it("adds the add-ons to the dish and multiplies by the quantity", () => {
    const choice = { crust: ["stuffed"], toppings: ["olives", "chili"] };
    expect(addOnsPrice(groups, choice)).toBe(425);
    expect(dishTotal(1_200, groups, choice, 2)).toBe(3_250);
    expect(dishTotal(1_200, groups, {}, 1)).toBe(1_200);
  });
});
