import { describe, expect, it } from "vitest";
import { keepCategoryIds } from "./category-ids.ts";
import { productSearchBodySchema } from "./schemas.ts";

describe("catalogue rules", () => {
  it("keeps only numeric category ids of at least 0, once each (spec §5)", () => {
    expect(keepCategoryIds([3, "7", "-1", -2, "x", 1.5, " 9 ", 3, null])).toEqual([3, 7, 9]);
  });

  it("parses the product filter and refuses min above max", () => {
    expect(productSearchBodySchema.parse({ categoryIds: ["2", "a"], isOnSale: 1 })).toEqual({
      categoryIds: [2],
      isOnSale: true,
    });
    expect(productSearchBodySchema.safeParse({ minPrice: 10, maxPrice: 5 }).success).toBe(false);
  });
});
