import type { Category } from "@stoa/contract";

/**
 * The breadcrumb's categories for a product: the path from the top of the shop's category tree down
 * to the deepest of the product's own categories ("Fruit & Vegetables / Fruits" for bananas). A
 * product filed under two unrelated categories is shown under one of them, the more specific, never
 * as a chain of both; on a tie, the one the product lists first. Categories the shop does not show
 * (not in the tree) are passed over; none found, no trail.
 */
export function categoryTrail(tree: readonly Category[], productCategoryIds: readonly number[]): Category[] {
  const rank = new Map(productCategoryIds.map((id, index) => [id, index]));
  let best: Category[] = [];
  let bestRank = Number.POSITIVE_INFINITY;
  const walk = (nodes: readonly Category[], path: Category[]) => {
    for (const node of nodes) {
      const here = [...path, node];
      const order = rank.get(node.id);
      if (
        order !== undefined &&
        (here.length > best.length || (here.length === best.length && order < bestRank))
      ) {
        best = here;
        bestRank = order;
      }
      walk(node.children, here);
    }
  };
  walk(tree, []);
  return best;
}
