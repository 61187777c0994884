import type { RatingSummary } from "@stoa/contract";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { REVIEWS_ANCHOR } from "./review-query.ts";
import { Stars, useRatingText } from "./Stars.tsx";

/** Under the product's name: its stars, average and how many reviews, a link down to them. */
export function ProductRatingLine({ summary }: { summary: RatingSummary }) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  if (summary.average === null || summary.count === 0) {
    return (
      <a
        href={`#${REVIEWS_ANCHOR}`}
        className="inline-block text-sm text-stone-500 hover:text-stone-900 hover:underline"
      >
        {t("reviews.none-yet-short")}
      </a>
    );
  }
  return (
    <a
      href={`#${REVIEWS_ANCHOR}`}
      className="group inline-flex items-center gap-2 rounded-md text-sm"
      data-product-rating={summary.average}
    >
      <Stars value={summary.average} size="sm" />
      <span className="font-semibold text-stone-900 tabular-nums">{ratingText(summary.average)}</span>
      <span className="text-stone-600 underline-offset-2 group-hover:underline">
        {t("reviews.count", { count: summary.count })}
      </span>
    </a>
  );
}
