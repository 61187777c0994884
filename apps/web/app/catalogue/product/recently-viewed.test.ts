import type { ProductInfo, ProductSummary } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  EMPTY_RECENTLY_VIEWED,
  parseRecentlyViewed,
  RECENTLY_VIEWED_LIMIT,
  recordView,
  shelfProducts,
} from "./recently-viewed.ts";

function summary(id: number): ProductSummary {
  return {
    id,
    name: `Product ${id}`,
    nameLocalizations: { en: `Product ${id}` },
    slug: `product-${id}`,
    price: 1_000 + id,
    salePrice: null,
    currency: "EUR",
    stock: 3,
    sku: `SKU-${id}`,
    brand: "",
    unit: "",
    image: null,
    categoryIds: [1],
    isOnSale: false,
    isAvailable: true,
    createTime: "2026-01-01T00:00:00.000Z",
    remarks: "",
    hasVariations: false,
    hasOptions: false,
    hasFitment: false,
    priceFrom: null,
    regularPriceFrom: null,
    isDigital: false,
    isGiftCard: false,
    rating: null,
  };
}

function info(id: number): ProductInfo {
  return {
    ...summary(id),
    description: "A long description that must not be stored",
    descriptionLocalizations: {},
    brandLocalizations: {},
    barcode: "",
    tags: [],
    images: [],
    categories: [],
    variationOptions: [],
    variations: [],
    addOnGroups: [],
    fitment: [],
    related: [summary(99)],
  };
}

describe("recently viewed", () => {
  it("puts the latest product first, once, with ids in the same order", () => {
    let list = recordView(EMPTY_RECENTLY_VIEWED, summary(1));
    list = recordView(list, summary(2));
    list = recordView(list, summary(1));
    expect(list.idList).toEqual([1, 2]);
    expect(list.productList.map((p) => p.id)).toEqual([1, 2]);
  });

  it("stores summaries only", () => {
    const list = recordView(EMPTY_RECENTLY_VIEWED, info(5));
    expect(list.productList[0]).toEqual(summary(5));
    expect(JSON.stringify(list)).not.toContain("description");
  });

  it("keeps at most the limit, dropping the oldest", () => {
    let list = EMPTY_RECENTLY_VIEWED;
    for (let id = 1; id <= RECENTLY_VIEWED_LIMIT + 5; id += 1) list = recordView(list, summary(id));
    expect(list.idList).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(list.idList[0]).toBe(RECENTLY_VIEWED_LIMIT + 5);
    expect(list.idList).not.toContain(5);
  });

  it("survives whatever storage holds", () => {
    expect(parseRecentlyViewed(null)).toEqual(EMPTY_RECENTLY_VIEWED);
    expect(parseRecentlyViewed("{not json")).toEqual(EMPTY_RECENTLY_VIEWED);
    expect(parseRecentlyViewed("null")).toEqual(EMPTY_RECENTLY_VIEWED);
    expect(parseRecentlyViewed('{"productList":"x"}')).toEqual(EMPTY_RECENTLY_VIEWED);
    const mixed = JSON.stringify({
      productList: [summary(1), { id: "x" }, summary(1), summary(2)],
      idList: [7],
    });
    const parsed = parseRecentlyViewed(mixed);
    expect(parsed.idList).toEqual([1, 2]);
  });

  it("drops each stored product that is not a whole summary, and keeps the rest", () => {
    const broken = [
      null,
      "product",
      [summary(3)],
      { ...summary(3), price: "10.00" },
      { ...summary(4), salePrice: undefined },
      { ...summary(5), id: 5.5 },
      { ...summary(6), image: { url: "/a.jpg" } },
      { ...summary(7), nameLocalizations: { fr: "Produit" } },
      { ...summary(8), categoryIds: ["1"] },
      { ...summary(9), isDigital: "no" },
    ];
    const stored = JSON.stringify({ productList: [summary(1), ...broken, summary(2)], idList: [] });
    expect(parseRecentlyViewed(stored)).toEqual({ productList: [summary(1), summary(2)], idList: [1, 2] });
  });

  it("reads a stored product's summary fields only", () => {
    const stored = JSON.stringify({ productList: [info(1)], idList: [1] });
    expect(parseRecentlyViewed(stored).productList).toStrictEqual([summary(1)]);
  });

  it("reads back what it wrote", () => {
    const list = recordView(recordView(EMPTY_RECENTLY_VIEWED, summary(1)), summary(2));
    expect(parseRecentlyViewed(JSON.stringify(list))).toEqual(list);
  });

  it("leaves the product on screen off the shelf", () => {
    const list = recordView(
      recordView(recordView(EMPTY_RECENTLY_VIEWED, summary(1)), summary(2)),
      summary(3),
    );
    expect(shelfProducts(list, 3, 8).map((p) => p.id)).toEqual([2, 1]);
    expect(shelfProducts(list, null, 2).map((p) => p.id)).toEqual([3, 2]);
  });
});
