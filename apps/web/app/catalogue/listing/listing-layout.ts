import { CATEGORY_LAYOUTS, type CategoryLayout, DEFAULT_CATEGORY_LAYOUT } from "@stoa/contract";

/** The filters a listing can offer; each layout shows the ones its trade uses. */
export type FilterSection = "categories" | "price" | "availability" | "tags" | "brands" | "remarks";

const ALL: FilterSection[] = ["categories", "price", "availability", "tags", "brands", "remarks"];

/**
 * Filters per layout, in the order they are shown: a menu is narrowed by dietary remarks and tags,
 * a parts counter by maker and fitment remark, a market by aisle and price.
 */
export const LAYOUT_FILTERS: Record<CategoryLayout, FilterSection[]> = {
  classic: ALL,
  modern: ALL,
  standard: ALL,
  minimal: ["categories", "price", "availability", "tags"],
  compact: ["categories", "price", "availability", "brands", "tags"],
  restaurant: ["remarks", "tags", "price", "availability"],
  electronics: ["brands", "price", "availability", "categories", "tags", "remarks"],
  carPart: ["brands", "remarks", "price", "availability", "categories", "tags"],
  furniture: ["categories", "price", "brands", "tags", "availability"],
  newfurniturmenu: ["categories", "price", "brands", "tags", "availability"],
  vegetables: ["categories", "price", "availability", "tags", "remarks"],
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
