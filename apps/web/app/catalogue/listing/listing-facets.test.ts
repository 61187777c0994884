import { describe, expect, it } from "vitest";
import { facetOf, listingFacets } from "./listing-facets.ts";

describe("listingFacets", () => {
  it("counts makers by slug, most common first, and skips blanks", () => {
    const facets = listingFacets([
      { brand: "Sparkon", remarks: "" },
      { brand: "Meridian Tyres", remarks: "Fits 2015–2020" },
      { brand: "Sparkon", remarks: "" },
      { brand: " ", remarks: "" },
    ]);
    expect(facets.brands).toEqual([
      { slug: "sparkon", label: "Sparkon", count: 2 },
      { slug: "meridian-tyres", label: "Meridian Tyres", count: 1 },
    ]);
    expect(facets.remarks).toEqual([{ slug: "fits-2015-2020", label: "Fits 2015–2020", count: 1 }]);
  });

  it("leaves out long notes as remark filters and copes with products without remarks", () => {
    const facets = listingFacets([
      { brand: "A", remarks: "x".repeat(41) },
      { brand: "B" } as { brand: string; remarks: string },
    ]);
    expect(facets.remarks).toEqual([]);
  });

  it("finds the value a slug stands for", () => {
    const { brands } = listingFacets([{ brand: "Meridian Tyres", remarks: "" }]);
    expect(facetOf(brands, "meridian-tyres")?.label).toBe("Meridian Tyres");
    expect(facetOf(brands, "other")).toBeUndefined();
    expect(facetOf(brands, "")).toBeUndefined();
  });
});
