// Paging's limits and rule, apart from the schemas of paged queries and answers
// (./pagination-schemas.ts): the storefront's listing reads them on first load, and a module whose
// functions build zod schemas would bring zod along (decision 026).

/** Largest page any list call serves; the wishlist (300) is the biggest page the storefront asks for. */
export const MAX_PAGE_SIZE = 300;
/** Deeper pages than this are refused: nobody pages that far and OFFSET scans grow with it. */
export const MAX_PAGE = 10_000;
/**
 * Listing totals are counted only this many pages past the page asked (docs/decisions/011): beyond
 * that the total is "at least", which keeps counting cheap on very large catalogues.
 */
export const COUNTED_PAGES_AHEAD = 10;

export type PaginationQuery = { limit: number; page: number };

/** The most matches a list counts for a page: those of the pages before it and COUNTED_PAGES_AHEAD more pages. */
export function countedResultsCap({ limit, page }: PaginationQuery): number {
  return (page - 1 + COUNTED_PAGES_AHEAD) * limit;
}

export type Paginated<T> = {
  records: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  total_is_lower_bound: boolean;
};

export function paginate<T>(
  records: T[],
  total: number,
  { limit, page }: PaginationQuery,
  totalIsLowerBound = false,
): Paginated<T> {
  return {
    records,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    per_page: limit,
    total,
    total_is_lower_bound: totalIsLowerBound,
  };
}
