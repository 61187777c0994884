import {
  type MyReview,
  type RatingSummary,
  REVIEW_RATING_MAX,
  REVIEW_SORTS,
  type ReviewPage,
} from "@stoa/contract";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { PencilIcon } from "../platform/ui/icons.tsx";
import { Pagination } from "../platform/ui/Pagination.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { ReviewItem } from "./ReviewItem.tsx";
import { REVIEWS_ANCHOR, type ReviewView, reviewViewHref, spreadShare } from "./review-query.ts";
import { Stars, useRatingText } from "./Stars.tsx";

export type ReviewWriting = {
  productId: number;
  productName: string;
  /** The signed-in shopper's review and whether they may write one; null for a visitor. */
  mine: MyReview | null;
};

/**
 * "Write a review" (or "Edit your review"), only for a signed-in customer the API lets review this
 * product: REVIEW_RATING over the page, the review page without scripts. A signed-in shopper who
 * may not review is told why, in one quiet line.
 */
export function WriteReviewButton({ productId, productName, mine }: ReviewWriting) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  if (!mine) return null;
  if (!mine.review && !mine.mayReview) {
    return mine.refusal && mine.refusal !== "signIn" ? (
      <p className="text-sm text-stone-500" data-review-refusal={mine.refusal}>
        {t(`reviews.refusal.${mine.refusal}`)}
      </p>
    ) : null;
  }
  return (
    <Link
      to={`/products/${productId}/review`}
      onClick={(event) => {
        event.preventDefault();
        openModal("REVIEW_RATING", { productId, productName, review: mine.review });
      }}
      aria-haspopup="dialog"
      className={`${buttonClass.secondary} py-2.5`}
      data-write-review={mine.review ? "edit" : "write"}
    >
      <PencilIcon className="size-4" />
      {mine.review ? t("reviews.edit") : t("reviews.write")}
    </Link>
  );
}

const ROW = "grid grid-cols-[3.25rem_1fr_2.5rem] items-center gap-3 rounded-lg px-2 py-1 text-sm";

function SpreadRow({ stars, count, share }: { stars: number; count: number; share: number }) {
  return (
    <>
      <span className="inline-flex items-center gap-1 font-medium text-stone-700 tabular-nums">
        {stars}
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-3.5 text-amber-500" fill="currentColor">
          <path d="M10 1.6l2.47 5.3 5.8.7-4.28 3.97 1.1 5.74L10 14.5l-5.09 2.81 1.1-5.74L1.73 7.6l5.8-.7L10 1.6z" />
        </svg>
      </span>
      <span className="h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
        <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
      </span>
      <span className="text-end text-stone-500 tabular-nums" aria-hidden="true">
        {count}
      </span>
    </>
  );
}

/** The spread of stars: a bar per star count, each a link that shows only those reviews (and back). */
function Spread({ summary, view }: { summary: RatingSummary; view: ReviewView }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rows = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => REVIEW_RATING_MAX - index);
  return (
    <ul className="space-y-1.5" aria-label={t("reviews.spread")} data-review-spread>
      {rows.map((stars) => {
        const count = summary.spread[stars - 1] ?? 0;
        const share = spreadShare(count, summary.count);
        const chosen = view.stars === stars;
        return (
          <li key={stars}>
            <Link
              to={reviewViewHref(params, { ...view, stars: chosen ? null : stars, page: 1 })}
              preventScrollReset
              aria-current={chosen ? "true" : undefined}
              aria-label={t("reviews.spread-row", { stars, count, share })}
              className={`${ROW} hover:bg-stone-100 ${chosen ? "bg-amber-50 ring-1 ring-amber-300" : ""} ${count === 0 ? "pointer-events-none opacity-60" : ""}`}
              data-spread-stars={stars}
            >
              <SpreadRow stars={stars} count={count} share={share} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SortLinks({ view }: { view: ReviewView }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <nav aria-label={t("reviews.sort-label")} className="flex flex-wrap gap-2" data-review-sorts>
      {REVIEW_SORTS.map((sort) => (
        <Link
          key={sort}
          to={reviewViewHref(params, { ...view, sort, page: 1 })}
          preventScrollReset
          aria-current={view.sort === sort ? "true" : undefined}
          className={`rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors ${
            view.sort === sort
              ? "bg-stone-950 text-white"
              : "bg-white text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50"
          }`}
          data-review-sort={sort}
        >
          {t(`reviews.sorts.${sort}`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The product page's reviews: the average, the count and the spread of stars (each bar a filter),
 * the sorts, then a page of reviews in the order the API gives (the shopper's language first).
 */
export function ReviewsSection({
  page,
  view,
  writing,
}: {
  page: ReviewPage;
  view: ReviewView;
  writing: ReviewWriting;
}) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  const [params] = useSearchParams();
  const { summary } = page;
  return (
    <section
      id={REVIEWS_ANCHOR}
      aria-labelledby="reviews-title"
      className="mt-16 scroll-mt-24 border-t border-stone-200 pt-10"
      data-reviews={summary.count}
    >
      <div className="grid gap-10 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-16">
        <div className="space-y-5">
          <h2 id="reviews-title" className="text-2xl font-bold tracking-tight text-stone-950">
            {t("reviews.title")}
          </h2>
          {summary.average !== null ? (
            <div className="flex items-center gap-4" data-review-average={summary.average}>
              <span className="text-5xl font-bold tracking-tight text-stone-950 tabular-nums">
                {ratingText(summary.average)}
              </span>
              <div className="space-y-1">
                <Stars value={summary.average} size="md" />
                <p className="text-sm text-stone-600" data-review-count={summary.count}>
                  {t("reviews.based-on", { count: summary.count })}
                </p>
              </div>
            </div>
          ) : (
            <p className="text-stone-600">{t("reviews.none-yet")}</p>
          )}
          {summary.count > 0 ? <Spread summary={summary} view={view} /> : null}
          <WriteReviewButton {...writing} />
        </div>

        <div className="min-w-0">
          {summary.count > 0 ? (
            <>
              <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
                <SortLinks view={view} />
                {view.stars !== null ? (
                  <Link
                    to={reviewViewHref(params, { ...view, stars: null, page: 1 })}
                    preventScrollReset
                    className="text-sm font-medium text-brand hover:underline"
                    data-clear-stars
                  >
                    {t("reviews.showing-stars", { count: view.stars })} · {t("reviews.show-all")}
                  </Link>
                ) : null}
              </div>
              {page.records.length > 0 ? (
                <ul className="divide-y divide-stone-200" data-review-list>
                  {page.records.map((review) => (
                    <ReviewItem key={review.id} review={review} />
                  ))}
                </ul>
              ) : (
                <p className="rounded-2xl bg-stone-50 p-6 text-center text-stone-600">
                  {t("reviews.none-here")}
                </p>
              )}
              <Pagination
                current={page.current_page}
                last={page.last_page}
                hrefFor={(number) => reviewViewHref(params, { ...view, page: number })}
              />
            </>
          ) : (
            <p className="rounded-2xl bg-stone-50 p-8 text-center text-stone-600" data-reviews-empty>
              {t("reviews.be-first")}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
