import type { Category } from "@stoa/contract";

/** A category for tests: shown, available, a top one named by its slug unless `extra` says otherwise. */
export function testCategory(
  id: number,
  slug: string,
  children: Category[] = [],
  extra: Partial<Omit<Category, "id" | "slug" | "children">> = {},
): Category {
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
    layout: null,
    children,
    ...extra,
  };
}
