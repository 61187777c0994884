import type { Category } from "@stoa/contract";
import { flattenCategories } from "../listing/product-query.ts";

export type MenuSection<P> = { category: Category | null; products: P[] };

/**
 * Products grouped under the shop's top-level categories, in the shop's order; each product once,
 * under the first section it belongs to. What fits no shown category ends in a last section
 * without a category.
 */
export function menuSections<P extends { categoryIds: readonly number[] }>(
  tree: readonly Category[],
  products: readonly P[],
): MenuSection<P>[] {
  const placed = new Set<P>();
  const sections: MenuSection<P>[] = tree.map((category) => {
    const ids = new Set(flattenCategories([category]).map((c) => c.id));
    const inside = products.filter(
      (product) => !placed.has(product) && product.categoryIds.some((id) => ids.has(id)),
    );
    for (const product of inside) placed.add(product);
    return { category, products: inside };
  });
  const rest = products.filter((product) => !placed.has(product));
  if (rest.length > 0) sections.push({ category: null, products: rest });
  return sections.filter((section) => section.products.length > 0);
}
