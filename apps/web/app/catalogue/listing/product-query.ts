import {
  CATEGORY_LAYOUTS,
  type Category,
  type CategoryLayout,
  keepCategoryIds,
  MAX_KEYWORD_LENGTH,
  MAX_PAGE,
  type ProductSearchBody,
  type ProductTag,
  parseMajor,
} from "@stoa/contract";

/** Sort choices offered on the product list, by the name they carry in the URL. */
export const PRODUCT_SORTS = {
  newest: { sortField: "createTime", sortType: "desc" },
  "best-selling": { sortField: "salesVolume", sortType: "desc" },
  "price-asc": { sortField: "price", sortType: "asc" },
  "price-desc": { sortField: "price", sortType: "desc" },
  name: { sortField: "name", sortType: "asc" },
  relevance: { sortField: "relevance", sortType: "desc" },
} as const satisfies Record<string, Pick<ProductSearchBody, "sortField" | "sortType">>;
export type ProductSort = keyof typeof PRODUCT_SORTS;

/** Sorts that make sense for a list: relevance only ranks something when there is a search word. */
export function sortsFor(query: Pick<ProductListQuery, "keyword">): ProductSort[] {
  const all = Object.keys(PRODUCT_SORTS) as ProductSort[];
  return query.keyword ? all : all.filter((sort) => sort !== "relevance");
}

function isProductSort(value: string): value is ProductSort {
  return Object.hasOwn(PRODUCT_SORTS, value);
}

function isCategoryLayout(value: string): value is CategoryLayout {
  return (CATEGORY_LAYOUTS as readonly string[]).includes(value);
}

/** The "& up" choices of the rating filter, best first. */
export const RATING_FILTERS = [4, 3, 2, 1] as const;

/** A rating filter from a URL: one of the offered choices, else none. */
function cleanRating(value: string | null): number {
  const stars = Number(value);
  return (RATING_FILTERS as readonly number[]).includes(stars) ? stars : 0;
}

/** Longest remark filter kept from a URL (the search filter allows no more). */
const MAX_REMARKS_LENGTH = 200;
/** Longest slug kept: slugs name things, and nothing in a shop is named with a paragraph. */
const MAX_SLUG_LENGTH = 80;
/** A URL names at most this many categories or tags; more is not a shopper's link. */
const MAX_SLUGS = 20;

/** What the product list URL says, cleaned up: anything unusable is dropped rather than refused. */
export type ProductListQuery = {
  keyword: string;
  /** The kind of shop the list is for (spec §2 SEARCH_FILTER type), as a slug. */
  type: string;
  /** Category slugs, or ids from older links (`?categories=fruit,dairy`). */
  categories: string[];
  /** Tag slugs (`?tags=organic,vegan`). */
  tags: string[];
  /** The maker (brand) as a slug (`?manufacturer=meridian-tyres`). */
  manufacturer: string;
  /** A book shop's author, as a slug; authors are recorded as the product's maker. */
  author: string;
  /** The shop's remark to match, as the shopper picked it ("Spicy"). */
  remarks: string;
  /** Major units as typed ("4.50"); empty when absent or not an amount. */
  minPrice: string;
  maxPrice: string;
  onSale: boolean;
  inStock: boolean;
  /** Only products rated at least this many stars on average ("4★ & up"); 0 for any. */
  minRating: number;
  sort: ProductSort | "";
  page: number;
  /** A layout to preview instead of the shop's own; honoured only where previews are switched on. */
  layout: CategoryLayout | "";
};

export const EMPTY_PRODUCT_QUERY: ProductListQuery = {
  keyword: "",
  type: "",
  categories: [],
  tags: [],
  manufacturer: "",
  author: "",
  remarks: "",
  minPrice: "",
  maxPrice: "",
  onSale: false,
  inStock: false,
  minRating: 0,
  sort: "",
  page: 1,
  layout: "",
};

/**
 * Spec §5 slug form: lower case, letters and digits of any script kept, everything else one dash.
 * "Meridian Tyres" → "meridian-tyres", "إطارات ميريديان" keeps its Arabic letters.
 */
export function slugParam(value: string): string {
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
}

/** The words a slug stands for, to match a name written with spaces ("meridian-tyres" → "meridian tyres"). */
export function slugWords(slug: string): string {
  return slug.replace(/-+/g, " ").trim();
}

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

/** Every slug of a list parameter, whether written once comma-separated or repeated (as a form sends it). */
function slugList(params: URLSearchParams, ...names: string[]): string[] {
  const slugs = names
    .flatMap((name) => params.getAll(name))
    .flatMap((value) => value.split(","))
    .map(slugParam)
    .filter(Boolean);
  return [...new Set(slugs)].slice(0, MAX_SLUGS);
}

function firstSlug(params: URLSearchParams, name: string): string {
  return slugList(params, name)[0] ?? "";
}

function isOn(value: string | null): boolean {
  return value === "1" || value === "true" || value === "on";
}

export function readProductListQuery(params: URLSearchParams): ProductListQuery {
  const keyword = (params.get("keyword") ?? "").trim().slice(0, MAX_KEYWORD_LENGTH);
  const sort = params.get("sort")?.trim() ?? "";
  const layout = params.get("layout")?.trim() ?? "";
  return {
    keyword,
    type: firstSlug(params, "type"),
    // `category` is what older links and the first storefront wrote.
    categories: slugList(params, "categories", "category"),
    tags: slugList(params, "tags", "tag"),
    manufacturer: firstSlug(params, "manufacturer"),
    author: firstSlug(params, "author"),
    remarks: (params.get("remarks") ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_REMARKS_LENGTH),
    minPrice: cleanAmount(params.get("minPrice")),
    maxPrice: cleanAmount(params.get("maxPrice")),
    onSale: isOn(params.get("onSale")),
    inStock: isOn(params.get("inStock")),
    minRating: cleanRating(params.get("rating")),
    sort: isProductSort(sort) && (sort !== "relevance" || keyword) ? sort : "",
    page: cleanPage(params.get("page")),
    layout: isCategoryLayout(layout) ? layout : "",
  };
}

/**
 * The query string of a product list URL (spec §5): empty and default values are left out, lists are
 * comma-separated slugs, and the order is fixed, so one list has one URL.
 */
export function productListSearch(query: ProductListQuery): string {
  const parts: string[] = [];
  const add = (name: string, value: string) => {
    if (value) parts.push(`${name}=${encodeURIComponent(value)}`);
  };
  const addList = (name: string, values: readonly string[]) => {
    if (values.length > 0) parts.push(`${name}=${values.map(encodeURIComponent).join(",")}`);
  };
  add("keyword", query.keyword);
  add("type", query.type);
  addList("categories", query.categories);
  addList("tags", query.tags);
  add("manufacturer", query.manufacturer);
  add("author", query.author);
  add("remarks", query.remarks);
  add("minPrice", query.minPrice);
  add("maxPrice", query.maxPrice);
  if (query.onSale) parts.push("onSale=1");
  if (query.inStock) parts.push("inStock=1");
  if (query.minRating) parts.push(`rating=${query.minRating}`);
  add("sort", query.sort);
  if (query.page > 1) parts.push(`page=${query.page}`);
  add("layout", query.layout);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

export function productListHref(query: Partial<ProductListQuery> = {}): string {
  return `/products${productListSearch({ ...EMPTY_PRODUCT_QUERY, ...query })}`;
}

/**
 * The canonical list URL of a filter form as the browser would submit it (repeated fields, empty
 * boxes): read back through the same rules, so a form and a link lead to the same address.
 */
export function productListHrefFromForm(form: FormData | URLSearchParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") params.append(name, value);
  }
  return productListHref(readProductListQuery(params));
}

/** How many filters narrow the list (the keyword and the sort are not filters); shown on the filter button. */
export function activeFilterCount(query: ProductListQuery): number {
  return (
    query.categories.length +
    query.tags.length +
    (query.manufacturer ? 1 : 0) +
    (query.author ? 1 : 0) +
    (query.remarks ? 1 : 0) +
    (query.minPrice || query.maxPrice ? 1 : 0) +
    (query.onSale ? 1 : 0) +
    (query.inStock ? 1 : 0) +
    (query.minRating ? 1 : 0)
  );
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

/** The tag ids of the tag slugs (or ids) in a URL; unknown ones are dropped. */
export function resolveTagIds(
  tags: readonly Pick<ProductTag, "id" | "slug">[],
  slugs: readonly string[],
): number[] {
  const ids = slugs.flatMap((slugOrId) => {
    const tag = tags.find((t) => t.slug === slugOrId) ?? tags.find((t) => String(t.id) === slugOrId);
    return tag ? [tag.id] : [];
  });
  return keepCategoryIds(ids);
}

/** The ids the list filters on, found from the slugs of its URL. */
export type ResolvedFilter = {
  categoryIds: readonly number[];
  tagIds: readonly number[];
  /** The maker's name to match: a known brand's own spelling, or the words of the slug. */
  brand: string;
};

/** The search body of the product search call for a list URL. */
export function productSearchBody(query: ProductListQuery, resolved: ResolvedFilter): ProductSearchBody {
  const body: ProductSearchBody = {};
  if (query.keyword) body.keyword = query.keyword;
  if (resolved.categoryIds.length > 0) body.categoryIds = [...resolved.categoryIds];
  if (resolved.tagIds.length > 0) body.tagIds = [...resolved.tagIds];
  if (resolved.brand) body.brandLocalizations = resolved.brand;
  if (query.remarks) body.remarks = query.remarks;
  if (query.minPrice) body.minPrice = parseMajor(query.minPrice);
  if (query.maxPrice) body.maxPrice = parseMajor(query.maxPrice);
  if (body.minPrice !== undefined && body.maxPrice !== undefined && body.minPrice > body.maxPrice) {
    [body.minPrice, body.maxPrice] = [body.maxPrice, body.minPrice];
  }
  if (query.onSale) body.isOnSale = 1;
  if (query.inStock) body.inStock = 1;
  if (query.minRating) body.minRating = query.minRating;
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
