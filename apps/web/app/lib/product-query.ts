import {
  type Category,
  keepCategoryIds,
  MAX_KEYWORD_LENGTH,
  MAX_PAGE,
  type ProductSearchBody,
  parseMajor,
} from "@stoa/contract";

/** Sort choices offered on the product list, by the name they carry in the URL. */
export const PRODUCT_SORTS = {
  newest: { sortField: "createTime", sortType: "desc" },
  "best-selling": { sortField: "salesVolume", sortType: "desc" },
  "price-asc": { sortField: "price", sortType: "asc" },
  "price-desc": { sortField: "price", sortType: "desc" },
  name: { sortField: "name", sortType: "asc" },
} as const satisfies Record<string, Pick<ProductSearchBody, "sortField" | "sortType">>;
export type ProductSort = keyof typeof PRODUCT_SORTS;

function isProductSort(value: string): value is ProductSort {
  return Object.hasOwn(PRODUCT_SORTS, value);
}

/** What the product list URL says, cleaned up: anything unusable is dropped rather than refused. */
export type ProductListQuery = {
  keyword: string;
  /** Category slugs or ids as written in the URL (`?category=fruit&category=12`). */
  categories: string[];
  /** Major units as typed ("4.50"); empty when absent or not an amount. */
  minPrice: string;
  maxPrice: string;
  onSale: boolean;
  sort: ProductSort | "";
  page: number;
};

export const EMPTY_PRODUCT_QUERY: ProductListQuery = {
  keyword: "",
  categories: [],
  minPrice: "",
  maxPrice: "",
  onSale: false,
  sort: "",
  page: 1,
};

function cleanAmount(value: string | null): string {
  const text = value?.trim() ?? "";
  if (!text) return "";
  try {
    return parseMajor(text) >= 0 ? text : "";
  } catch {
    return "";
  }
}

function cleanPage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

export function readProductListQuery(params: URLSearchParams): ProductListQuery {
  const sort = params.get("sort")?.trim() ?? "";
  const categories = params
    .getAll("category")
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  return {
    keyword: (params.get("keyword") ?? "").trim().slice(0, MAX_KEYWORD_LENGTH),
    categories: [...new Set(categories)],
    minPrice: cleanAmount(params.get("minPrice")),
    maxPrice: cleanAmount(params.get("maxPrice")),
    onSale: params.get("onSale") === "1",
    sort: isProductSort(sort) ? sort : "",
    page: cleanPage(params.get("page")),
  };
}

/** The query string of a product list URL; empty and default values are left out (spec §5). */
export function productListSearch(query: ProductListQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set("keyword", query.keyword);
  for (const category of query.categories) params.append("category", category);
  if (query.minPrice) params.set("minPrice", query.minPrice);
  if (query.maxPrice) params.set("maxPrice", query.maxPrice);
  if (query.onSale) params.set("onSale", "1");
  if (query.sort) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function productListHref(query: Partial<ProductListQuery> = {}): string {
  return `/products${productListSearch({ ...EMPTY_PRODUCT_QUERY, ...query })}`;
}

export function flattenCategories(tree: readonly Category[]): Category[] {
  return tree.flatMap((category) => [category, ...flattenCategories(category.children)]);
}

/** A category found by its slug or its id, as the URL may carry either. */
export function findCategory(tree: readonly Category[], slugOrId: string): Category | undefined {
  const all = flattenCategories(tree);
  return all.find((c) => c.slug === slugOrId) ?? all.find((c) => String(c.id) === slugOrId);
}

/**
 * The category ids a list filter means: each chosen category with all its sub-categories, so
 * "Fruit" also lists what sits under "Fruit › Berries". Unknown slugs or ids are dropped.
 */
export function resolveCategoryIds(tree: readonly Category[], categories: readonly string[]): number[] {
  const ids = categories.flatMap((slugOrId) => {
    const category = findCategory(tree, slugOrId);
    return category ? flattenCategories([category]).map((c) => c.id) : [];
  });
  return keepCategoryIds(ids);
}

/** The search body of the product search call for a list URL. */
export function productSearchBody(
  query: ProductListQuery,
  categoryIds: readonly number[],
): ProductSearchBody {
  const body: ProductSearchBody = {};
  if (query.keyword) body.keyword = query.keyword;
  if (categoryIds.length > 0) body.categoryIds = [...categoryIds];
  if (query.minPrice) body.minPrice = parseMajor(query.minPrice);
  if (query.maxPrice) body.maxPrice = parseMajor(query.maxPrice);
  if (body.minPrice !== undefined && body.maxPrice !== undefined && body.minPrice > body.maxPrice) {
    [body.minPrice, body.maxPrice] = [body.maxPrice, body.minPrice];
  }
  if (query.onSale) body.isOnSale = 1;
  if (query.sort) Object.assign(body, PRODUCT_SORTS[query.sort]);
  return body;
}

export type PageLink = number | "gap";

/** Page numbers to show around the current page: first, last, neighbours, gaps in between. */
export function paginationItems(current: number, last: number, neighbours = 1): PageLink[] {
  const pages = new Set<number>([1, last]);
  for (let page = current - neighbours; page <= current + neighbours; page++) {
    if (page >= 1 && page <= last) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageLink[] = [];
  for (const page of sorted) {
    const previous = items[items.length - 1];
    if (typeof previous === "number" && page - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && page - previous > 2) items.push("gap");
    items.push(page);
  }
  return items;
}
