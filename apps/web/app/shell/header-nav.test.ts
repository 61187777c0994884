import { describe, expect, it } from "vitest";
import { currentNavItem } from "./Header.tsx";

describe("the main navigation's current link", () => {
  it("is all products only for the unfiltered list", () => {
    expect(currentNavItem("/products", "")).toBe("all");
    expect(currentNavItem("/products", "?sort=newest")).toBe("all");
    expect(currentNavItem("/products/12", "")).toBeNull();
    expect(currentNavItem("/", "")).toBeNull();
  });

  it("is a category's link when that category alone narrows the list", () => {
    expect(currentNavItem("/products", "?categories=fruit-vegetables")).toBe("category:fruit-vegetables");
    expect(currentNavItem("/products", "?categories=fruit-vegetables&categories=bakery")).toBeNull();
    expect(currentNavItem("/products", "?categories=bakery&onSale=1")).toBeNull();
  });

  it("is the sale's link for the sale alone", () => {
    expect(currentNavItem("/products", "?onSale=1")).toBe("on-sale");
  });
});
