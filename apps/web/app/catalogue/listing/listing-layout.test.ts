import { describe, expect, it } from "vitest";
import { chooseLayout, LAYOUT_FILTERS, showsManufacturers } from "./listing-layout.ts";

describe("chooseLayout", () => {
  it("uses the shop's layout unless a preview asks for another", () => {
    expect(chooseLayout("restaurant", "")).toBe("restaurant");
    expect(chooseLayout("restaurant", "carPart")).toBe("carPart");
  });

  it("falls back to the classic layout for a setting it does not know", () => {
    expect(chooseLayout("gallery", "")).toBe("classic");
  });
});

describe("LAYOUT_FILTERS", () => {
  it("offers makers where the trade shops by brand, not on a menu", () => {
    expect(showsManufacturers("carPart")).toBe(true);
    expect(showsManufacturers("electronics")).toBe(true);
    expect(showsManufacturers("restaurant")).toBe(false);
    for (const sections of Object.values(LAYOUT_FILTERS)) expect(sections).toContain("price");
  });
});
