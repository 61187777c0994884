import { describe, expect, it } from "vitest";
import { readSearchPageQuery, refineHref, searchBody, searchHref } from "./search-page.ts";

const read = (search: string) => readSearchPageQuery(new URLSearchParams(search));

describe("search page address", () => {
  it("reads the text, sort and page", () => {
    expect(read("text=%20green%20%20tea&sort=price-asc&page=3")).toEqual({
      text: "green tea",
      sort: "price-asc",
      page: 3,
    });
  });

  it("falls back to best match and the first page for anything unusable", () => {
    expect(read("text=tea&sort=cheapest&page=-2")).toEqual({ text: "tea", sort: "relevance", page: 1 });
    expect(read("")).toEqual({ text: "", sort: "relevance", page: 1 });
  });

  it("writes a shareable address without defaults", () => {
    expect(searchHref({ text: "green tea" })).toBe("/search?text=green+tea");
    expect(searchHref({ text: "tea", sort: "relevance", page: 1 })).toBe("/search?text=tea");
    expect(searchHref({ text: "tea", sort: "newest", page: 2 })).toBe("/search?text=tea&sort=newest&page=2");
    expect(searchHref({ text: "  " })).toBe("/search");
  });

  it("round-trips through the address", () => {
    const query = { text: "שוקולד מריר", sort: "name" as const, page: 4 };
    expect(read(searchHref(query).split("?")[1] ?? "")).toEqual(query);
  });

  it("asks the search for the keyword in the chosen order", () => {
    expect(searchBody(read("text=tea"))).toEqual({
      keyword: "tea",
      sortField: "relevance",
      sortType: "desc",
    });
    expect(searchBody(read("text=tea&sort=price-desc"))).toEqual({
      keyword: "tea",
      sortField: "price",
      sortType: "desc",
    });
  });

  it("refines on the product list with the same keyword and order", () => {
    expect(refineHref(read("text=tea"))).toBe("/products?keyword=tea");
    expect(refineHref(read("text=tea&sort=newest"))).toBe("/products?keyword=tea&sort=newest");
  });
});
