import { REVIEW_RATING_MAX } from "@stoa/contract";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { useShop } from "../shell/root-data.ts";

const STAR_PATH =
  "M10 1.6l2.47 5.3 5.8.7-4.28 3.97 1.1 5.74L10 14.5l-5.09 2.81 1.1-5.74L1.73 7.6l5.8-.7L10 1.6z";

function StarShape({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={className} fill="currentColor">
      <path d={STAR_PATH} />
    </svg>
  );
}

/** One star filled by `share` (0–1) from the line's start, so a right-to-left page fills it from the right. */
function Star({ share, size }: { share: number; size: string }) {
  const width = `${Math.round(share * 100)}%`;
  return (
    <span className={`relative inline-block shrink-0 ${size}`}>
      <StarShape className={`absolute inset-0 ${size} text-stone-300`} />
      {share > 0 ? (
        <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width }}>
          <StarShape className={`absolute inset-y-0 start-0 ${size} max-w-none text-amber-500`} />
        </span>
      ) : null}
    </span>
  );
}

const STAR_SIZES = { xs: "size-3.5", sm: "size-4", md: "size-5", lg: "size-6" } as const;

/** A rating in words: "4.3" with one decimal, in the page's digits. */
export function useRatingText(): (value: number) => string {
  const { locale } = useShop();
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (value) => format.format(value);
}

/**
 * Five stars filled up to `value` (a share of a star where the average falls between two). Read
 * out as "Rated 4.3 out of 5" once, never as five images.
 */
export function Stars({
  value,
  size = "sm",
  className = "",
}: {
  value: number;
  size?: keyof typeof STAR_SIZES;
  className?: string;
}) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  return (
    <span
      role="img"
      aria-label={t("reviews.rated", { rating: ratingText(value), max: REVIEW_RATING_MAX })}
      className={`inline-flex items-center gap-0.5 ${className}`}
      data-stars={value}
    >
      {Array.from({ length: REVIEW_RATING_MAX }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positions, not items
        <Star key={index} share={Math.min(1, Math.max(0, value - index))} size={STAR_SIZES[size]} />
      ))}
    </span>
  );
}

/**
 * A card's rating: the stars and how many reviews, small and on one line; nothing for a product no
 * one has reviewed yet, so a card never reads "0 reviews".
 */
export function CardRating({
  rating,
  className = "",
}: {
  rating: { average: number; count: number } | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  if (!rating || rating.count === 0) return null;
  return (
    <span
      className={`flex items-center gap-1.5 text-xs leading-4 text-stone-600 ${className}`}
      data-card-rating
    >
      <Stars value={rating.average} size="xs" />
      <span className="font-medium text-stone-800 tabular-nums" aria-hidden="true">
        {ratingText(rating.average)}
      </span>
      <span className="tabular-nums">
        <span aria-hidden="true">(</span>
        <span className="sr-only">{t("reviews.count", { count: rating.count })}</span>
        <span aria-hidden="true">{rating.count})</span>
      </span>
    </span>
  );
}
