import { describe, expect, it } from "vitest";
import { testCategory } from "../test-categories.ts";
import {
  activeFilterCount,
  EMPTY_PRODUCT_QUERY,
  paginationItems,
  productListHref,
  productListHrefFromForm,
  productListSearch,
  productSearchBody,
  readProductListQuery,
  resolveCategoryIds,
  resolveTagIds,
  slugParam,
  slugWords,
  sortsFor,
} from "./product-query.ts";

const category = testCategory;

const tree = [category(1, "fruit", [category(11, "berries")]), category(2, "dairy")];
const read = (search: string) => readProductListQuery(new URLSearchParams(search));
const noFilter = { categoryIds: [], tagIds: [], brand: "" };

describe("slugParam", () => {
  it("lower-cases and joins words with one dash", () => {
    expect(slugParam("  Meridian Tyres ")).toBe("meridian-tyres");
    expect(slugParam("Fruit & Veg!!")).toBe("fruit-veg");
    expect(slugParam("O'Brien--Books")).toBe("o-brien-books");
  });

  it("keeps letters of any script and numbers", () => {
    expect(slugParam("إطارات ميريديان")).toBe("إطارات-ميريديان");
    expect(slugParam("12")).toBe("12");
  });

  it("gives nothing for a value without letters or digits", () => {
    expect(slugParam(" -- ")).toBe("");
  });

  it("turns back into words for matching names", () => {
    expect(slugWords("meridian-tyres")).toBe("meridian tyres");
  });
});

describe("readProductListQuery", () => {
  it("cleans the URL: trims, drops bad amounts, pages and sorts", () => {
    expect(
      read("keyword=%20apple%20&category=Fruit,2&minPrice=abc&maxPrice=4.5&sort=cheap&page=-3&onSale=1"),
    ).toEqual({
      ...EMPTY_PRODUCT_QUERY,
      keyword: "apple",
      categories: ["fruit", "2"],
      maxPrice: "4.5",
      onSale: true,
    });
  });

  it("reads every list in slug form, comma-separated or repeated", () => {
    const query = read(
      "categories=Fruit,dairy&categories=fruit&tags=Organic%20Food&manufacturer=Bosch&author=Jane%20Austen&type=Grocery",
    );
    expect(query.categories).toEqual(["fruit", "dairy"]);
    expect(query.tags).toEqual(["organic-food"]);
    expect(query.manufacturer).toBe("bosch");
    expect(query.author).toBe("jane-austen");
    expect(query.type).toBe("grocery");
  });

  it("drops empty values and empty list items", () => {
    expect(read("categories=,,&tags=&manufacturer=&minPrice=&remarks=%20%20&inStock=0")).toEqual(
      EMPTY_PRODUCT_QUERY,
    );
  });

  it("keeps a valid page, sort and preview layout", () => {
    const query = read("page=3&sort=price-asc&layout=carPart&inStock=1&remarks=%20Extra%20%20hot%20");
    expect(query.page).toBe(3);
    expect(query.sort).toBe("price-asc");
    expect(query.layout).toBe("carPart");
    expect(query.inStock).toBe(true);
    expect(query.remarks).toBe("Extra hot");
  });

  it("allows sorting by relevance only when there is a search word", () => {
    expect(read("sort=relevance").sort).toBe("");
    expect(read("keyword=tea&sort=relevance").sort).toBe("relevance");
    expect(sortsFor({ keyword: "" })).not.toContain("relevance");
    expect(sortsFor({ keyword: "tea" })).toContain("relevance");
  });

  it("ignores a layout that does not exist", () => {
    expect(read("layout=fancy").layout).toBe("");
  });
});

describe("productListSearch", () => {
  it("drops empty and default values", () => {
    expect(productListHref({ keyword: "", page: 1 })).toBe("/products");
    expect(productListHref({ keyword: "milk", categories: ["dairy"], page: 2 })).toBe(
      "/products?keyword=milk&categories=dairy&page=2",
    );
  });

  it("writes lists as comma-separated slugs in a fixed order", () => {
    expect(
      productListHref({
        sort: "price-asc",
        page: 2,
        minPrice: "2",
        manufacturer: "bosch",
        tags: ["organic"],
        categories: ["fruit", "dairy"],
      }),
    ).toBe(
      "/products?categories=fruit,dairy&tags=organic&manufacturer=bosch&minPrice=2&sort=price-asc&page=2",
    );
  });

  it("round-trips through the reader", () => {
    const search =
      "?keyword=green%20tea&type=grocery&categories=fruit,berries&tags=organic&manufacturer=sunny-orchard&author=jane-austen&remarks=Spicy&minPrice=1&maxPrice=9.99&onSale=1&inStock=1&rating=4&sort=relevance&page=4&layout=vegetables";
    expect(productListSearch(read(search))).toBe(search);
  });

  it("makes one canonical URL of what a filter form submits", () => {
    const form = new URLSearchParams(
      "categories=fruit&categories=dairy&tags=organic&minPrice=&maxPrice=5&onSale=on&manufacturer=&sort=",
    );
    expect(productListHrefFromForm(form)).toBe(
      "/products?categories=fruit,dairy&tags=organic&maxPrice=5&onSale=1",
    );
  });
});

describe("the rating filter", () => {
  it("keeps only the offered choices, counts as a filter and asks the search for them", () => {
    expect(read("rating=4").minRating).toBe(4);
    expect(read("rating=5").minRating).toBe(0);
    expect(read("rating=3.5").minRating).toBe(0);
    expect(activeFilterCount(read("rating=3"))).toBe(1);
    expect(productSearchBody(read("rating=2"), { categoryIds: [], tagIds: [], brand: "" }).minRating).toBe(2);
  });
});

describe("activeFilterCount", () => {
  it("counts what narrows the list, not the search word or the order", () => {
    expect(activeFilterCount(read("keyword=tea&sort=name"))).toBe(0);
    expect(
      activeFilterCount(read("categories=a,b&tags=c&minPrice=1&maxPrice=2&onSale=1&manufacturer=x")),
    ).toBe(6);
  });
});

describe("resolveCategoryIds", () => {
  it("maps slugs and ids to ids including sub-categories, dropping unknown ones", () => {
    expect(resolveCategoryIds(tree, ["fruit", "2", "nope", "-1"])).toEqual([1, 11, 2]);
  });
});

describe("resolveTagIds", () => {
  it("maps tag slugs or ids to ids, dropping unknown ones", () => {
    const tags = [
      { id: 5, slug: "organic" },
      { id: 9, slug: "vegan" },
    ];
    expect(resolveTagIds(tags, ["vegan", "5", "gluten-free"])).toEqual([9, 5]);
    expect(resolveTagIds(tags, ["nothing"])).toEqual([]);
  });
});

describe("productSearchBody", () => {
  it("turns the list query into the search filter in minor units", () => {
    const query = read(
      "keyword=tea&minPrice=10&maxPrice=2.5&onSale=1&inStock=1&sort=price-desc&remarks=Spicy",
    );
    expect(productSearchBody(query, { categoryIds: [1, 11], tagIds: [5], brand: "Sunny Orchard" })).toEqual({
      keyword: "tea",
      categoryIds: [1, 11],
      tagIds: [5],
      brandLocalizations: "Sunny Orchard",
      remarks: "Spicy",
      minPrice: 250,
      maxPrice: 1000,
      isOnSale: 1,
      inStock: 1,
      sortField: "price",
      sortType: "desc",
    });
  });

  it("sends nothing for an empty query", () => {
    expect(productSearchBody(read(""), noFilter)).toEqual({});
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
