import type { Category } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  paginationItems,
  productListHref,
  productListSearch,
  productSearchBody,
  readProductListQuery,
  resolveCategoryIds,
} from "./product-query.ts";

function category(id: number, slug: string, children: Category[] = []): Category {
  return {
    id,
    parentId: null,
    name: slug,
    nameLocalizations: { en: slug },
    slug,
    image: null,
    icon: null,
    isShow: true,
    isAvailable: true,
    sort: 0,
    children,
  };
}

const tree = [category(1, "fruit", [category(11, "berries")]), category(2, "dairy")];

describe("readProductListQuery", () => {
  it("cleans the URL: trims, drops bad amounts, pages and sorts", () => {
    const query = readProductListQuery(
      new URLSearchParams(
        "keyword=%20apple%20&category=Fruit,2&minPrice=abc&maxPrice=4.5&sort=cheap&page=-3&onSale=1",
      ),
    );
    expect(query).toEqual({
      keyword: "apple",
      categories: ["fruit", "2"],
      minPrice: "",
      maxPrice: "4.5",
      onSale: true,
      sort: "",
      page: 1,
    });
  });

  it("keeps a valid page and sort", () => {
    const query = readProductListQuery(new URLSearchParams("page=3&sort=price-asc"));
    expect(query.page).toBe(3);
    expect(query.sort).toBe("price-asc");
  });
});

describe("productListSearch", () => {
  it("drops empty and default values", () => {
    expect(productListHref({ keyword: "", page: 1 })).toBe("/products");
    expect(productListHref({ keyword: "milk", categories: ["dairy"], page: 2 })).toBe(
      "/products?keyword=milk&category=dairy&page=2",
    );
  });

  it("round-trips through the reader", () => {
    const search = "?keyword=tea&category=fruit&minPrice=1&maxPrice=9.99&onSale=1&sort=newest&page=4";
    expect(productListSearch(readProductListQuery(new URLSearchParams(search)))).toBe(search);
  });
});

describe("resolveCategoryIds", () => {
  it("maps slugs and ids to ids including sub-categories, dropping unknown ones", () => {
    expect(resolveCategoryIds(tree, ["fruit", "2", "nope", "-1"])).toEqual([1, 11, 2]);
  });
});

describe("productSearchBody", () => {
  it("turns the list query into the search filter in minor units", () => {
    const query = readProductListQuery(
      new URLSearchParams("keyword=tea&minPrice=10&maxPrice=2.5&onSale=1&sort=price-desc"),
    );
    expect(productSearchBody(query, [1, 11])).toEqual({
      keyword: "tea",
      categoryIds: [1, 11],
      minPrice: 250,
      maxPrice: 1000,
      isOnSale: 1,
      sortField: "price",
      sortType: "desc",
    });
  });

  it("sends nothing for an empty query", () => {
    expect(productSearchBody(readProductListQuery(new URLSearchParams()), [])).toEqual({});
  });
});

describe("paginationItems", () => {
  it("shows all pages when there are few", () => {
    expect(paginationItems(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("puts gaps around the current page's neighbours", () => {
    expect(paginationItems(6, 20)).toEqual([1, "gap", 5, 6, 7, "gap", 20]);
  });

  it("fills a gap of one page with the page itself", () => {
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
  });

  it("handles a single page", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
  });
});
