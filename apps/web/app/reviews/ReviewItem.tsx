import type { Review, ReviewPhoto } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CheckCircleIcon } from "../platform/ui/icons.tsx";
import { StoaImage } from "../platform/ui/StoaImage.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { useAuth, useShop } from "../shell/root-data.ts";
import { Stars } from "./Stars.tsx";

/** A day as the shopper's language writes it; on the shop's calendar day in UTC, so server and browser agree. */
export function useReviewDate(): (at: string) => string {
  const { locale } = useShop();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  return (at) => format.format(new Date(at));
}

export type ReportWhat = { target: "review" | "photo" | "question" | "answer"; targetId: number };

/** Where a report goes without scripts: the report page of the product, naming what is reported. */
export function reportHref(productId: number, what: ReportWhat): string {
  return `/products/${productId}/report?target=${what.target}&id=${what.targetId}`;
}

/**
 * "Report": ABUSE_REPORT over the page, or sign-in first for a visitor; a link to the report page
 * before scripts run.
 */
export function ReportLink({
  productId,
  what,
  label,
  className = "",
}: {
  productId: number;
  what: ReportWhat;
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const auth = useAuth();
  return (
    <Link
      to={reportHref(productId, what)}
      rel="nofollow"
      onClick={(event) => {
        event.preventDefault();
        if (auth.status !== "signed-in" || auth.user.isGuest) openModal("LOGIN_VIEW");
        else openModal("ABUSE_REPORT", { productId, ...what });
      }}
      aria-label={label}
      aria-haspopup="dialog"
      className={`text-xs font-medium text-stone-500 underline-offset-2 hover:text-stone-900 hover:underline ${className}`}
      data-report={`${what.target}-${what.targetId}`}
    >
      {t("reviews.report")}
    </Link>
  );
}

/** A review's photos as thumbnails; each opens REVIEW_IMAGE_POPOVER there, or the photo itself without scripts. */
export function ReviewPhotos({
  review,
}: {
  review: Pick<Review, "id" | "photos" | "authorName" | "productId">;
}) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  if (review.photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" data-review-photos>
      {review.photos.map((photo: ReviewPhoto, index) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            onClick={(event) => {
              event.preventDefault();
              openModal("REVIEW_IMAGE_POPOVER", {
                productId: review.productId,
                photos: review.photos,
                start: index,
                authorName: review.authorName,
              });
            }}
            aria-haspopup="dialog"
            aria-label={t("reviews.photo-of", {
              index: index + 1,
              count: review.photos.length,
              name: review.authorName,
            })}
            className="block overflow-hidden rounded-xl ring-1 ring-stone-200 transition hover:ring-stone-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            data-review-photo={photo.id}
          >
            <StoaImage
              src={photo.url}
              alt=""
              width={80}
              height={80}
              className="size-16 object-cover sm:size-20"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * One review: its stars and title, who wrote it and when, "Verified purchase", its words (plain
 * text, shown as typed, never as markup), its photos and the shop's public reply.
 */
export function ReviewItem({ review }: { review: Review }) {
  const { t } = useTranslation();
  const dateOf = useReviewDate();
  return (
    <li className="py-6 first:pt-0" data-review={review.id} lang={review.language}>
      <article className="space-y-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars value={review.rating} size="sm" />
          {review.title ? (
            <h3 dir="auto" className="font-semibold text-stone-950" data-review-title>
              {review.title}
            </h3>
          ) : null}
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-500">
          <bdi className="font-medium text-stone-800">{review.authorName}</bdi>
          <span aria-hidden="true">·</span>
          <time dateTime={review.createdAt}>{dateOf(review.createdAt)}</time>
          {review.editedAt ? <span>{t("reviews.edited")}</span> : null}
          <span
            className="inline-flex items-center gap-1 font-medium text-emerald-700"
            data-verified-purchase
          >
            <CheckCircleIcon className="size-4" />
            {t("reviews.verified")}
          </span>
        </p>
        {review.text ? (
          <p dir="auto" className="whitespace-pre-line break-words leading-7 text-stone-700" data-review-text>
            {review.text}
          </p>
        ) : null}
        <ReviewPhotos review={review} />
        {review.reply ? (
          <div className="rounded-2xl bg-stone-50 p-4 text-sm ring-1 ring-stone-200" data-review-reply>
            <p className="mb-1 font-semibold text-stone-900">{t("reviews.shop-reply")}</p>
            <p dir="auto" className="whitespace-pre-line break-words leading-6 text-stone-700">
              {review.reply.text}
            </p>
          </div>
        ) : null}
        <div>
          <ReportLink
            productId={review.productId}
            what={{ target: "review", targetId: review.id }}
            label={t("reviews.report-review-of", { name: review.authorName })}
          />
        </div>
      </article>
    </li>
  );
}
