/** Catalogue constants of spec §9: page sizes, search limits, default sorts and the category layouts. */

export const PRODUCTS_PER_PAGE = 30;
export const HOME_SECTION_SIZE = 8;
/**
 * The home page shows at most this many product rails, so a shopper takes it in within a few
 * screens; a rail left with fewer than HOME_RAIL_MINIMUM products nobody saw above it is dropped.
 */
export const HOME_RAIL_LIMIT = 4;
export const HOME_RAIL_MINIMUM = 4;
export const SEARCH_HISTORY_SIZE = 20;
export const MAX_KEYWORD_LENGTH = 200;

export const SORT_DEFAULTS = {
  weeklyDeals: { sortField: "createTime", sortType: "desc" },
  bestSellers: { sortField: "salesVolume", sortType: "desc" },
} as const;

/** How a store lays out its category listings (the store setting `layoutType`). */
export const CATEGORY_LAYOUTS = [
  "classic",
  "modern",
  "standard",
  "minimal",
  "compact",
  "restaurant",
  "electronics",
  "carPart",
  "furniture",
  "newfurniturmenu",
  "vegetables",
] as const;
export type CategoryLayout = (typeof CATEGORY_LAYOUTS)[number];
export const DEFAULT_CATEGORY_LAYOUT: CategoryLayout = "classic";
