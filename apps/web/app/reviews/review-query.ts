import {
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_SORTS,
  REVIEWS_PAGE_MAX,
  type ReviewSort,
} from "@stoa/contract";

/**
 * How the product page's reviews are shown, as its address says (`?review-sort=highest&review-page=2`):
 * every sort, filter and page is a real link, so they work without scripts and can be shared.
 */
export type ReviewView = {
  sort: ReviewSort;
  /** Only reviews of this many stars (a bar of the spread was chosen); null for all. */
  stars: number | null;
  page: number;
};

export const REVIEW_PARAMS = { sort: "review-sort", stars: "review-stars", page: "review-page" } as const;
/** The reviews section's anchor, so a link lands on the reviews rather than the top of the page. */
export const REVIEWS_ANCHOR = "reviews";
export const QUESTIONS_ANCHOR = "questions";

export const DEFAULT_REVIEW_VIEW: ReviewView = { sort: "newest", stars: null, page: 1 };

function isReviewSort(value: string): value is ReviewSort {
  return (REVIEW_SORTS as readonly string[]).includes(value);
}

/** The view a URL names; anything unusable falls back to the default rather than failing the page. */
export function reviewViewOf(params: URLSearchParams): ReviewView {
  const sort = params.get(REVIEW_PARAMS.sort) ?? "";
  const stars = Number(params.get(REVIEW_PARAMS.stars));
  const page = Number(params.get(REVIEW_PARAMS.page));
  return {
    sort: isReviewSort(sort) ? sort : DEFAULT_REVIEW_VIEW.sort,
    stars: Number.isInteger(stars) && stars >= REVIEW_RATING_MIN && stars <= REVIEW_RATING_MAX ? stars : null,
    page: Number.isInteger(page) && page >= 1 && page <= REVIEWS_PAGE_MAX ? page : 1,
  };
}

/**
 * The address of another view of the reviews, keeping whatever else the page's address says (the
 * chosen variation). The default view leaves its parameters out, so the plain product address stays
 * the one shared page.
 */
export function reviewViewHref(current: URLSearchParams, view: ReviewView): string {
  const next = new URLSearchParams(current);
  for (const name of Object.values(REVIEW_PARAMS)) next.delete(name);
  if (view.sort !== DEFAULT_REVIEW_VIEW.sort) next.set(REVIEW_PARAMS.sort, view.sort);
  if (view.stars !== null) next.set(REVIEW_PARAMS.stars, String(view.stars));
  if (view.page > 1) next.set(REVIEW_PARAMS.page, String(view.page));
  const query = next.toString();
  return `${query ? `?${query}` : "?"}#${REVIEWS_ANCHOR}`;
}

/** Whether two addresses differ only in what the reviews section shows. */
export function onlyReviewViewChanged(before: URLSearchParams, after: URLSearchParams): boolean {
  const strip = (params: URLSearchParams) => {
    const copy = new URLSearchParams(params);
    for (const name of Object.values(REVIEW_PARAMS)) copy.delete(name);
    return copy.toString();
  };
  return strip(before) === strip(after);
}

/** A share of the reviews as a bar's width and its words: 0–100, whole. */
export function spreadShare(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}
