import { HOME_RAIL_LIMIT, HOME_SECTION_SIZE, type ProductSummary } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { homeRails } from "./home-rails.ts";

const product = (id: number) => ({ id }) as ProductSummary;
const products = (...ids: number[]) => ids.map(product);
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const ids = (rail: { products: ProductSummary[] }) => rail.products.map((p) => p.id);

describe("homeRails", () => {
  it("never shows a product twice on the page, and fills a rail from its further products", () => {
    const rails = homeRails([
      { key: "best", products: products(...range(1, 10)) },
      { key: "deals", products: products(1, 2, 3, ...range(20, 10)) },
    ]);
    expect(ids(rails[0] as never)).toEqual(range(1, HOME_SECTION_SIZE));
    expect(ids(rails[1] as never)).toEqual(range(20, HOME_SECTION_SIZE));
  });

  it("drops a rail left with too few new products, and keeps a later one", () => {
    const rails = homeRails([
      { key: "best", products: products(...range(1, 8)) },
      { key: "recommended", products: products(...range(1, 8), 50, 51) },
      { key: "fish", products: products(...range(60, 6)) },
    ]);
    expect(rails.map((rail) => rail.key)).toEqual(["best", "fish"]);
  });

  it("keeps at most the home page's number of rails, in the order given", () => {
    const candidates = range(0, HOME_RAIL_LIMIT + 3).map((n) => ({
      key: `rail-${n}`,
      products: products(...range(n * 100, 8)),
    }));
    const rails = homeRails(candidates);
    expect(rails.map((rail) => rail.key)).toEqual(candidates.slice(0, HOME_RAIL_LIMIT).map((c) => c.key));
  });

  it("does not repeat a product listed twice in one rail", () => {
    const [rail] = homeRails([{ key: "best", products: products(1, 1, 2, 3, 3, 4, 5) }]);
    expect(ids(rail as never)).toEqual([1, 2, 3, 4, 5]);
  });
});
