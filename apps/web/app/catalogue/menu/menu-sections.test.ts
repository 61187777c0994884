import { describe, expect, it } from "vitest";
import { testCategory } from "../test-categories.ts";
import { menuSections } from "./menu-sections.ts";

const category = testCategory;

describe("menuSections", () => {
  const tree = [
    category(1, "starters", [category(11, "soups")]),
    category(2, "mains"),
    category(3, "desserts"),
  ];

  it("groups under top-level categories in the shop's order, each product once", () => {
    const soup = { id: 1, categoryIds: [11] };
    const steak = { id: 2, categoryIds: [2] };
    const both = { id: 3, categoryIds: [2, 1] };
    const sections = menuSections(tree, [steak, soup, both]);
    expect(sections.map((s) => [s.category?.slug, s.products.map((p) => p.id)])).toEqual([
      ["starters", [1, 3]],
      ["mains", [2]],
    ]);
  });

  it("puts products of hidden or no categories last, without a category", () => {
    const sections = menuSections(tree, [{ id: 9, categoryIds: [99] }]);
    expect(sections).toEqual([{ category: null, products: [{ id: 9, categoryIds: [99] }] }]);
  });
});
