import { z } from "zod";

/*
 * What a catalogue answer reaches, and whether a change of one product can alter it
 * (docs/decisions/069-product-level-cache-invalidation.md). The API keeps answers and the
 * storefront keeps shared pages by the same rule: a product's change drops what shows that product
 * and the listings it could have joined, left or moved in, nothing else.
 */

/** What a change can move besides what answers show of the product (bits of a change's `aspects`). */
export const PRODUCT_CHANGE = {
  /** Which listings hold the product, or in what order (names, availability, categories, tags...). */
  LISTED: 1,
  /** Its price: price sorts, price filters and the on-sale shelf. */
  PRICE: 2,
} as const;

export const productChangeSchema = z.object({
  productId: z.number().int(),
  /** The product's categories before and after the change. */
  categoryIds: z.array(z.number().int()),
  aspects: z.number().int().min(0),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

/**
 * A listing: which products could join it, and whether their prices matter to it. `categories`
 * null: any product of the store (a keyword search, the best sellers); else the categories it
 * filters by, with the subcategories its statement matched too.
 */
export type ListingReach = { categories: ReadonlySet<number> | null; byPrice: boolean };

/** The products an answer (or a page made of answers) shows, and the listings it is. */
export type AnswerReach = { shows: ReadonlySet<number>; lists: readonly ListingReach[] };

/** Whether `change` can alter what reaches `reach`. */
export function changeReaches(change: ProductChange, reach: AnswerReach): boolean {
  if (reach.shows.has(change.productId)) return true;
  const listed = (change.aspects & PRODUCT_CHANGE.LISTED) !== 0;
  const priced = (change.aspects & PRODUCT_CHANGE.PRICE) !== 0;
  return reach.lists.some(
    ({ categories, byPrice }) =>
      (listed || (byPrice && priced)) &&
      (categories === null || change.categoryIds.some((id) => categories.has(id))),
  );
}

/** The response header a catalogue answer names its reach in, for the storefront's shared pages. */
export const ANSWER_REACH_HEADER = "stoa-reach";

/**
 * The header's text: `s=1.2.3` the products shown; each listing `l=*` (any product) or `l=4.5`
 * (categories), with `$` when prices matter to it; parts joined by `;`.
 */
export function reachHeaderOf(reach: AnswerReach): string {
  const parts = [`s=${[...reach.shows].join(".")}`];
  for (const list of reach.lists)
    parts.push(
      `l=${list.categories === null ? "*" : [...list.categories].join(".")}${list.byPrice ? "$" : ""}`,
    );
  return parts.join(";");
}

const ids = (text: string) =>
  text === ""
    ? []
    : text
        .split(".")
        .map(Number)
        .filter((id) => Number.isInteger(id));

/** Reads a header written by `reachHeaderOf`; null for anything else. */
export function reachOfHeader(header: string): AnswerReach | null {
  const shows = new Set<number>();
  const lists: ListingReach[] = [];
  for (const part of header.split(";")) {
    if (part.startsWith("s=")) for (const id of ids(part.slice(2))) shows.add(id);
    else if (part.startsWith("l=")) {
      const byPrice = part.endsWith("$");
      const body = part.slice(2, byPrice ? -1 : undefined);
      lists.push({ categories: body === "*" ? null : new Set(ids(body)), byPrice });
    } else return null;
  }
  return { shows, lists };
}

/** Gathers the reaches of the answers a page is made of. */
export function joinedReach(reaches: readonly AnswerReach[]): AnswerReach {
  const shows = new Set<number>();
  for (const reach of reaches) for (const id of reach.shows) shows.add(id);
  return { shows, lists: reaches.flatMap((reach) => reach.lists) };
}
