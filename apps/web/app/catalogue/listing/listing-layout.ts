import { CATEGORY_LAYOUTS, type CategoryLayout, DEFAULT_CATEGORY_LAYOUT } from "@stoa/contract";

/** The filters a listing can offer; each layout shows the ones its trade uses. */
export type FilterSection =
  | "categories"
  | "price"
  | "availability"
  | "rating"
  | "tags"
  | "brands"
  | "remarks";

const ALL: FilterSection[] = ["categories", "price", "availability", "rating", "tags", "brands", "remarks"];

/**
 * Filters per layout, in the order they are shown: a menu is narrowed by dietary remarks and tags,
 * a parts counter by maker and fitment remark, a market by aisle and price.
 */
export const LAYOUT_FILTERS: Record<CategoryLayout, FilterSection[]> = {
  classic: ALL,
  modern: ALL,
  standard: ALL,
  minimal: ["categories", "price", "availability", "rating", "tags"],
  compact: ["categories", "price", "availability", "rating", "brands", "tags"],
  restaurant: ["remarks", "tags", "price", "availability", "rating"],
  electronics: ["brands", "price", "rating", "availability", "categories", "tags", "remarks"],
  carPart: ["brands", "remarks", "price", "availability", "rating", "categories", "tags"],
  furniture: ["categories", "price", "brands", "rating", "tags", "availability"],
  newfurniturmenu: ["categories", "price", "brands", "rating", "tags", "availability"],
  vegetables: ["categories", "price", "availability", "rating", "tags", "remarks"],
};

export function showsManufacturers(layout: CategoryLayout): boolean {
  return LAYOUT_FILTERS[layout].includes("brands");
}

/** The shop's own layout, or the one asked for in a preview (already dropped where previews are off). */
export function chooseLayout(shopLayout: string, preview: CategoryLayout | ""): CategoryLayout {
  if (preview) return preview;
  return (CATEGORY_LAYOUTS as readonly string[]).includes(shopLayout)
    ? (shopLayout as CategoryLayout)
    : DEFAULT_CATEGORY_LAYOUT;
}
