import { HOME_RAIL_LIMIT, HOME_RAIL_MINIMUM, HOME_SECTION_SIZE, type ProductSummary } from "@stoa/contract";

/** A candidate rail of the home page, in the order the page would show it. */
export type RailCandidate<K extends string = string> = { key: K; products: ProductSummary[] };

/** A rail as the page shows it: a shop's collection brings its own name and description. */
export type HomeRail = RailCandidate & { collection: { name: string; description: string } | null };

/** The rail rendered with the page (best sellers); the others come when the shopper scrolls near. */
export const FIRST_RAIL = "best-sellers";

/** Where the browser asks for the rails below the first. */
export const LATER_RAILS_PATH = "/home/rails";

/**
 * The rails the home page shows: each keeps only products no rail above it shows (the same
 * oranges in four rails tell a shopper nothing new), up to HOME_SECTION_SIZE; a rail left with
 * fewer than HOME_RAIL_MINIMUM is dropped, and at most HOME_RAIL_LIMIT rails are kept.
 */
export function homeRails<K extends string>(candidates: RailCandidate<K>[]): RailCandidate<K>[] {
  const shown = new Set<number>();
  const rails: RailCandidate<K>[] = [];
  for (const candidate of candidates) {
    if (rails.length >= HOME_RAIL_LIMIT) break;
    const fresh: ProductSummary[] = [];
    for (const product of candidate.products) {
      if (fresh.length >= HOME_SECTION_SIZE) break;
      if (shown.has(product.id) || fresh.some((kept) => kept.id === product.id)) continue;
      fresh.push(product);
    }
    if (fresh.length < HOME_RAIL_MINIMUM) continue;
    for (const product of fresh) shown.add(product.id);
    rails.push({ key: candidate.key, products: fresh });
  }
  return rails;
}
