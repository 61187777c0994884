import { MAX_PAGE, type ProductSearchBody } from "@stoa/contract";
import { PRODUCT_SORTS, type ProductSort, productListHref } from "../catalogue/listing/product-query.ts";
import { cleanSearchTerm } from "./search-history.ts";

/**
 * Sorts of the search results page. Without one, results come best match first; the others are
 * the product list's, so "refine with filters" carries the same order over.
 */
const { relevance, ...listSorts } = PRODUCT_SORTS;
export const SEARCH_SORTS = { relevance, ...listSorts } as const satisfies Record<
  string,
  Pick<ProductSearchBody, "sortField" | "sortType">
>;
export type SearchSort = keyof typeof SEARCH_SORTS;

/** What a `/search` URL says: the spec's `text`, plus sort and page. Unusable values are dropped. */
export type SearchPageQuery = { text: string; sort: SearchSort; page: number };

function isSearchSort(value: string): value is SearchSort {
  return Object.hasOwn(SEARCH_SORTS, value);
}

export function readSearchPageQuery(params: URLSearchParams): SearchPageQuery {
  const sort = params.get("sort")?.trim() ?? "";
  const page = Number(params.get("page"));
  return {
    text: cleanSearchTerm(params.get("text") ?? ""),
    sort: isSearchSort(sort) ? sort : "relevance",
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The shareable address of a search; the default sort and the first page are left out. */
export function searchHref(query: Partial<SearchPageQuery> & { text: string }): string {
  const params = new URLSearchParams();
  const text = cleanSearchTerm(query.text);
  if (text) params.set("text", text);
  if (query.sort && query.sort !== "relevance") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/search?${search}` : "/search";
}

export function searchBody(query: SearchPageQuery): ProductSearchBody {
  return { keyword: query.text, ...SEARCH_SORTS[query.sort] };
}

/** The same search on the product list, where categories, prices and offers can narrow it. */
export function refineHref(query: SearchPageQuery): string {
  const sort: ProductSort | "" = query.sort === "relevance" ? "" : query.sort;
  return productListHref({ keyword: query.text, sort });
}
