import type { Category } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { testCategory } from "../test-categories.ts";
import { categoryTrail } from "./category-trail.ts";

const category = (id: number, parentId: number | null, children: Category[] = []) =>
  testCategory(id, `c${id}`, children, { parentId, sort: id });

// Fruit & Vegetables (1) > Fruits (2), Vegetables (3); Pizza (4); Sides (5).
const tree = [category(1, null, [category(2, 1), category(3, 1)]), category(4, null), category(5, null)];
const ids = (trail: Category[]) => trail.map((c) => c.id);

describe("a product's category trail", () => {
  it("goes from the top of the tree down to the product's category", () => {
    expect(ids(categoryTrail(tree, [2]))).toEqual([1, 2]);
  });

  it("takes the deepest of the product's categories, not a chain of all of them", () => {
    expect(ids(categoryTrail(tree, [1, 2]))).toEqual([1, 2]);
    expect(ids(categoryTrail(tree, [4, 3]))).toEqual([1, 3]);
  });

  it("shows a product of two unrelated categories under the one it lists first", () => {
    expect(ids(categoryTrail(tree, [5, 4]))).toEqual([5]);
    expect(ids(categoryTrail(tree, [4, 5]))).toEqual([4]);
  });

  it("passes over categories the shop does not show", () => {
    expect(ids(categoryTrail(tree, [99, 4]))).toEqual([4]);
    expect(categoryTrail(tree, [99])).toEqual([]);
    expect(categoryTrail(tree, [])).toEqual([]);
  });
});
