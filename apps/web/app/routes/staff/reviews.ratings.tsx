import { localized, type StaffProductRating } from "@stoa/contract";
import { Form, Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { Stars, useRatingText } from "../../reviews/Stars.tsx";
import { useShop } from "../../shell/root-data.ts";
import { ReviewsTabs } from "../../staff/reviews/ReviewsTabs.tsx";
import { STAFF_PATH } from "../../staff/staff-paths.ts";
import { StaffPageHeader, StaffPages, staffButton, staffInput } from "../../staff/ui.tsx";
import type { Route } from "./+types/reviews.ratings";

const SORTS = ["count", "lowest", "highest"] as const;
type Sort = (typeof SORTS)[number];

function paramsOf(search: URLSearchParams): { sort: Sort; page: number } {
  const sort = search.get("sort") ?? "";
  const page = Number(search.get("page") ?? "1");
  return {
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : "count",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Rating figures per product: how many reviews, the average and the spread, and what waits. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = paramsOf(new URL(request.url).searchParams);
  const ratings = await context.storeApi.page("staffProductRatings", { body: params });
  return { params, ratings };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `${STAFF_PATH}/reviews/ratings${location.search}`, (t) =>
    t("staffReviews.ratings.title"),
  );

/** The spread of one product's stars as a small stacked bar, five to one. */
function SpreadBar({ rating }: { rating: StaffProductRating }) {
  const { t } = useTranslation();
  const tones = ["bg-red-400", "bg-orange-400", "bg-amber-300", "bg-lime-400", "bg-emerald-500"];
  const words = rating.spread
    .map((count, index) => t("staffReviews.ratings.spread-part", { stars: index + 1, count }))
    .reverse()
    .join(", ");
  return (
    <span role="img" aria-label={words} className="flex h-2 w-full overflow-hidden rounded-full bg-stone-100">
      {rating.spread
        .map((count, index) => ({ count, index }))
        .reverse()
        .map(({ count, index }) =>
          count > 0 ? (
            <span
              key={index}
              className={tones[index]}
              style={{ width: `${(count / Math.max(rating.count, 1)) * 100}%` }}
            />
          ) : null,
        )}
    </span>
  );
}

export default function StaffReviewRatings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const ratingText = useRatingText();
  const { params, ratings } = loaderData;
  const href = (page: number) =>
    `${STAFF_PATH}/reviews/ratings?sort=${params.sort}${page > 1 ? `&page=${page}` : ""}`;
  return (
    <div data-staff-ratings>
      <ReviewsTabs />
      <StaffPageHeader title={t("staffReviews.ratings.title")} intro={t("staffReviews.ratings.intro")}>
        <Form method="get" className="flex items-end gap-2">
          <label htmlFor="ratings-sort" className="sr-only">
            {t("staffReviews.ratings.sort")}
          </label>
          <select id="ratings-sort" name="sort" defaultValue={params.sort} className={`${staffInput} py-2`}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`staffReviews.ratings.sorts.${sort}`)}
              </option>
            ))}
          </select>
          <button type="submit" className={`${staffButton.secondary} py-2`}>
            {t("staffReviews.apply")}
          </button>
        </Form>
      </StaffPageHeader>
      {ratings.records.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white px-4 py-10 text-center text-sm text-stone-600">
          {t("staffReviews.ratings.none")}
        </p>
      ) : (
        <ul className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
          {ratings.records.map((rating) => (
            <li
              key={rating.productId}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_9rem_10rem_minmax(0,12rem)]"
              data-staff-rating={rating.productId}
            >
              <p className="min-w-0 truncate font-medium text-stone-950">
                <bdi>{localized(rating.product.nameLocalizations, locale) || rating.product.name}</bdi>
              </p>
              <p className="flex items-center gap-2 justify-self-end sm:justify-self-start">
                {rating.average !== null ? (
                  <>
                    <Stars value={rating.average} size="xs" />
                    <span className="text-sm font-semibold tabular-nums">{ratingText(rating.average)}</span>
                  </>
                ) : (
                  <span className="text-sm text-stone-500">—</span>
                )}
              </p>
              <div className="col-span-2 sm:col-span-1">
                <p className="mb-1 text-xs text-stone-600">{t("reviews.count", { count: rating.count })}</p>
                <SpreadBar rating={rating} />
              </div>
              <p className="col-span-2 flex flex-wrap gap-x-3 text-xs text-stone-600 sm:col-span-1">
                {rating.pending > 0 ? (
                  <Link to={`${STAFF_PATH}/reviews`} className="font-semibold text-amber-800 hover:underline">
                    {t("staffReviews.ratings.pending", { count: rating.pending })}
                  </Link>
                ) : null}
                {rating.hidden > 0 ? (
                  <span>{t("staffReviews.ratings.hidden", { count: rating.hidden })}</span>
                ) : null}
                {rating.openQuestions > 0 ? (
                  <Link
                    to={`${STAFF_PATH}/reviews?list=questions`}
                    className="font-semibold text-stone-800 hover:underline"
                  >
                    {t("staffReviews.ratings.questions", { count: rating.openQuestions })}
                  </Link>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <StaffPages current={ratings.current_page} last={ratings.last_page} hrefFor={href} />
    </div>
  );
}
