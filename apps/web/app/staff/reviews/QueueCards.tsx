import {
  ANSWER_TEXT_MAX,
  type Locale,
  localized,
  MODERATION_NOTE_MAX,
  MODERATION_REASONS,
  REVIEW_REPLY_MAX,
  type StaffAbuseReport,
  type StaffQuestion,
  type StaffReview,
} from "@stoa/contract";
import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { ActionFailure } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { useReviewDate } from "../../reviews/ReviewItem.tsx";
import { Stars } from "../../reviews/Stars.tsx";
import { useShop } from "../../shell/root-data.ts";
import { FieldError, FormNotice, staffButton, staffInput, staffLabel } from "../ui.tsx";

type ProductRef = {
  id: number;
  name: string;
  nameLocalizations: StaffReview["product"]["nameLocalizations"];
};

function productNameOf(product: ProductRef, locale: Locale): string {
  return localized(product.nameLocalizations, locale) || product.name;
}

/** Which card a post came from, so its failure shows on that card only. */
export type SentFrom = { intent: string; id: string } | null;

export function useSentFrom(): { busyFor: (intent: string, id: number) => boolean } {
  const navigation = useNavigation();
  return {
    busyFor: (intent, id) =>
      navigation.state !== "idle" &&
      navigation.formData?.get("intent") === intent &&
      navigation.formData?.get("id") === String(id),
  };
}

function Chip({ tone, children }: { tone: "amber" | "red" | "green" | "stone"; children: React.ReactNode }) {
  const tones = {
    amber: "bg-amber-50 text-amber-900 ring-amber-200",
    red: "bg-red-50 text-red-800 ring-red-200",
    green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
    stone: "bg-stone-100 text-stone-700 ring-stone-200",
  } as const;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

function ProductLine({ product }: { product: ProductRef }) {
  const { locale } = useShop();
  return (
    <Link
      to={`/products/${product.id}`}
      className="text-sm font-semibold text-stone-950 hover:underline"
      data-staff-review-product={product.id}
    >
      <bdi>{productNameOf(product, locale)}</bdi>
    </Link>
  );
}

/** The reason list staff hide something with (never shown to shoppers). */
function ReasonSelect({
  id,
  failure,
  required = true,
}: {
  id: string;
  failure: ActionFailure | null;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={staffLabel}>
        {t("staffReviews.reason")}
      </label>
      <select
        id={id}
        name="reason"
        defaultValue=""
        required={required}
        className={`${staffInput} py-2`}
        aria-invalid={failure?.fields.reason ? true : undefined}
        aria-describedby={failure?.fields.reason ? `${id}-error` : undefined}
      >
        <option value="" disabled>
          {t("staffReviews.choose-reason")}
        </option>
        {MODERATION_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {t(`reviews.report-form.reasons.${reason}`)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} fields={failure?.fields} name="reason" />
    </div>
  );
}

/**
 * A review in the queue: its stars, words and photos as the shop would show them, who wrote it and
 * why it waits; publish, hide with a reason, reply publicly, and hide or show one photo.
 */
export function StaffReviewCard({ review, failure }: { review: StaffReview; failure: ActionFailure | null }) {
  const { t } = useTranslation();
  const dateOf = useReviewDate();
  const id = useId();
  const { busyFor } = useSentFrom();
  const hiddenPhotos = new Set(review.hiddenPhotoIds);
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      data-staff-review={review.id}
      data-review-state={review.state}
    >
      {failure ? <FormNotice failure={Object.keys(failure.fields).length === 0 ? failure : null} /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <ProductLine product={review.product} />
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
            <Stars value={review.rating} size="sm" />
            <bdi className="font-medium text-stone-800">{review.customer.name}</bdi>
            {review.customer.email ? (
              <span dir="ltr" className="text-stone-500">
                {review.customer.email}
              </span>
            ) : null}
            <span aria-hidden="true">·</span>
            <time dateTime={review.createdAt}>{dateOf(review.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Chip tone={review.state === "published" ? "green" : review.state === "hidden" ? "red" : "amber"}>
            {t(`staffReviews.states.${review.state}`)}
          </Chip>
          {review.holdReason ? (
            <Chip tone="stone">{t(`staffReviews.holds.${review.holdReason}`)}</Chip>
          ) : null}
          {review.openReports > 0 ? (
            <Chip tone="red">{t("staffReviews.open-reports", { count: review.openReports })}</Chip>
          ) : null}
        </div>
      </div>
      {review.title ? (
        <p dir="auto" className="mt-3 font-semibold text-stone-950">
          {review.title}
        </p>
      ) : null}
      {review.text ? (
        <p dir="auto" className="mt-1 whitespace-pre-line break-words text-sm leading-6 text-stone-800">
          {review.text}
        </p>
      ) : null}
      {review.moderationReason ? (
        <p className="mt-2 text-sm text-red-800">
          {t("staffReviews.hidden-because", {
            reason: t(`reviews.report-form.reasons.${review.moderationReason}`),
          })}
          {review.moderationNote ? <bdi> — {review.moderationNote}</bdi> : null}
        </p>
      ) : null}
      {review.photos.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-3">
          {review.photos.map((photo) => {
            const hidden = hiddenPhotos.has(photo.id);
            return (
              <li key={photo.id} className="space-y-1" data-staff-photo={photo.id} data-photo-hidden={hidden}>
                <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                  <StoaImage
                    src={photo.url}
                    alt={t("staffReviews.photo")}
                    width={96}
                    height={96}
                    className={`size-20 rounded-lg object-cover ring-1 ring-stone-200 ${hidden ? "opacity-40 grayscale" : ""}`}
                  />
                </a>
                <Form method="post">
                  <input type="hidden" name="intent" value="photo" />
                  <input type="hidden" name="id" value={review.id} />
                  <input type="hidden" name="photoId" value={photo.id} />
                  <input type="hidden" name="hidden" value={hidden ? "false" : "true"} />
                  <button
                    type="submit"
                    className="text-xs font-semibold text-stone-700 underline hover:text-stone-950"
                  >
                    {hidden ? t("staffReviews.show-photo") : t("staffReviews.hide-photo")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="mt-3 rounded-lg bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
          <p className="font-semibold text-stone-900">{t("reviews.shop-reply")}</p>
          <p dir="auto" className="whitespace-pre-line text-stone-700">
            {review.reply.text}
          </p>
        </div>
      ) : null}

      <div className="mt-4 grid gap-4 border-t border-stone-200 pt-4 lg:grid-cols-2">
        <div className="space-y-3">
          {review.state !== "published" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="id" value={review.id} />
              <button
                type="submit"
                className={staffButton.primary}
                disabled={busyFor("publish", review.id)}
                data-publish-review={review.id}
              >
                {t("staffReviews.publish")}
              </button>
            </Form>
          ) : null}
          {review.state !== "hidden" ? (
            <Form method="post" className="space-y-2" data-hide-review={review.id}>
              <input type="hidden" name="intent" value="hide" />
              <input type="hidden" name="id" value={review.id} />
              <div className="grid gap-2 sm:grid-cols-2">
                <ReasonSelect id={`${id}-reason`} failure={failure} />
                <div className="min-w-0">
                  <label htmlFor={`${id}-note`} className={staffLabel}>
                    {t("staffReviews.note")}
                  </label>
                  <input
                    id={`${id}-note`}
                    name="note"
                    maxLength={MODERATION_NOTE_MAX}
                    className={`${staffInput} py-2`}
                  />
                </div>
              </div>
              <button type="submit" className={staffButton.danger} disabled={busyFor("hide", review.id)}>
                {t("staffReviews.hide")}
              </button>
            </Form>
          ) : null}
        </div>
        <Form method="post" className="space-y-2" data-reply-review={review.id}>
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="id" value={review.id} />
          <label htmlFor={`${id}-reply`} className={staffLabel}>
            {review.reply ? t("staffReviews.edit-reply") : t("staffReviews.reply")}
          </label>
          <textarea
            id={`${id}-reply`}
            name="text"
            rows={2}
            maxLength={REVIEW_REPLY_MAX}
            defaultValue={review.reply?.text ?? ""}
            className={staffInput}
            aria-describedby={`${id}-reply-hint`}
          />
          <FieldError id={`${id}-reply-error`} fields={failure?.fields} name="text" />
          <p id={`${id}-reply-hint`} className="text-xs text-stone-500">
            {t("staffReviews.reply-hint")}
          </p>
          <button type="submit" className={staffButton.secondary} disabled={busyFor("reply", review.id)}>
            {t("staffReviews.save-reply")}
          </button>
        </Form>
      </div>
    </li>
  );
}

/** An abuse report: what was reported, why, by whom; uphold (hide it) or dismiss (keep it). */
export function ReportCard({ report, failure }: { report: StaffAbuseReport; failure: ActionFailure | null }) {
  const { t } = useTranslation();
  const dateOf = useReviewDate();
  const id = useId();
  const { busyFor } = useSentFrom();
  const photo = report.target === "photo";
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      data-staff-report={report.id}
      data-report-review={report.reviewId ?? undefined}
    >
      {failure ? <FormNotice failure={Object.keys(failure.fields).length === 0 ? failure : null} /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <ProductLine product={report.product} />
          <p className="text-sm text-stone-600">
            {t("staffReviews.reported-by", { name: report.reporter.name })}
            <span aria-hidden="true"> · </span>
            <time dateTime={report.createdAt}>{dateOf(report.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Chip tone="stone">{t(`staffReviews.targets.${report.target}`)}</Chip>
          <Chip tone="red">{t(`reviews.report-form.reasons.${report.reason}`)}</Chip>
          {report.targetHidden ? <Chip tone="amber">{t("staffReviews.hidden-now")}</Chip> : null}
        </div>
      </div>
      {photo ? (
        <StoaImage
          src={report.excerpt}
          alt={t("staffReviews.photo")}
          width={128}
          height={128}
          className="mt-3 size-28 rounded-lg object-cover ring-1 ring-stone-200"
        />
      ) : (
        <blockquote
          dir="auto"
          className="mt-3 border-s-4 border-stone-200 ps-3 text-sm whitespace-pre-line text-stone-800"
        >
          {report.excerpt}
        </blockquote>
      )}
      {report.text ? (
        <p className="mt-2 text-sm text-stone-700">
          <span className="font-medium text-stone-500">{t("staffReviews.reporter-says")}: </span>
          <bdi>{report.text}</bdi>
        </p>
      ) : null}
      {report.state === "open" ? (
        <Form
          method="post"
          className="mt-4 space-y-2 border-t border-stone-200 pt-4"
          data-decide-report={report.id}
        >
          <input type="hidden" name="id" value={report.id} />
          <label htmlFor={`${id}-note`} className={staffLabel}>
            {t("staffReviews.note")}
          </label>
          <input
            id={`${id}-note`}
            name="note"
            maxLength={MODERATION_NOTE_MAX}
            className={`${staffInput} py-2`}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="uphold"
              className={staffButton.danger}
              disabled={busyFor("uphold", report.id)}
              data-uphold-report={report.id}
            >
              {t(photo ? "staffReviews.uphold-photo" : "staffReviews.uphold")}
            </button>
            <button
              type="submit"
              name="intent"
              value="dismiss"
              className={staffButton.secondary}
              disabled={busyFor("dismiss", report.id)}
              data-dismiss-report={report.id}
            >
              {t("staffReviews.dismiss")}
            </button>
          </div>
        </Form>
      ) : null}
    </li>
  );
}

/**
 * A question waiting for the shop's answer: answer it (it then shows on the product page) or hide
 * it. A hidden one can only be shown again, as it was before (answered or waiting).
 */
export function QuestionCard({
  question,
  failure,
}: {
  question: StaffQuestion;
  failure: ActionFailure | null;
}) {
  const { t } = useTranslation();
  const dateOf = useReviewDate();
  const id = useId();
  const { busyFor } = useSentFrom();
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      data-staff-question={question.id}
      data-question-state={question.state}
    >
      {failure ? <FormNotice failure={Object.keys(failure.fields).length === 0 ? failure : null} /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <ProductLine product={question.product} />
          <p className="text-sm text-stone-600">
            <bdi>{question.customer.name}</bdi>
            <span aria-hidden="true"> · </span>
            <time dateTime={question.createdAt}>{dateOf(question.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {question.state === "hidden" ? <Chip tone="red">{t("staffReviews.question-hidden")}</Chip> : null}
          {question.openReports > 0 ? (
            <Chip tone="red">{t("staffReviews.open-reports", { count: question.openReports })}</Chip>
          ) : null}
        </div>
      </div>
      <p dir="auto" className="mt-3 whitespace-pre-line break-words font-medium text-stone-950">
        {question.text}
      </p>
      {question.answers.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-stone-700">
          {question.answers.map((answer) => (
            <li key={answer.id}>
              <span className="font-medium">
                {answer.byStaff ? t("reviews.questions.by-shop") : answer.authorName}:{" "}
              </span>
              <bdi>{answer.text}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
      {question.state === "hidden" ? (
        <Form
          method="post"
          className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-stone-200 pt-4"
          data-show-question={question.id}
        >
          <input type="hidden" name="intent" value="show-question" />
          <input type="hidden" name="id" value={question.id} />
          <button
            type="submit"
            className={staffButton.secondary}
            disabled={busyFor("show-question", question.id)}
            aria-describedby={`${id}-show-hint`}
          >
            {t("staffReviews.show-question")}
          </button>
          <p id={`${id}-show-hint`} className="min-w-0 flex-1 basis-60 text-sm text-stone-600">
            {t("staffReviews.show-question-hint")}
          </p>
        </Form>
      ) : (
        <div className="mt-4 grid gap-4 border-t border-stone-200 pt-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Form method="post" className="space-y-2" data-answer-question={question.id}>
            <input type="hidden" name="intent" value="answer" />
            <input type="hidden" name="id" value={question.id} />
            <label htmlFor={`${id}-answer`} className={staffLabel}>
              {t("staffReviews.answer")}
            </label>
            <textarea
              id={`${id}-answer`}
              name="text"
              rows={2}
              maxLength={ANSWER_TEXT_MAX}
              required
              className={staffInput}
              aria-invalid={failure?.fields.text ? true : undefined}
            />
            <FieldError id={`${id}-answer-error`} fields={failure?.fields} name="text" />
            <button type="submit" className={staffButton.primary} disabled={busyFor("answer", question.id)}>
              {t("staffReviews.send-answer")}
            </button>
          </Form>
          <Form method="post" className="space-y-2" data-hide-question={question.id}>
            <input type="hidden" name="intent" value="hide-question" />
            <input type="hidden" name="id" value={question.id} />
            <ReasonSelect id={`${id}-reason`} failure={failure} />
            <button
              type="submit"
              className={staffButton.danger}
              disabled={busyFor("hide-question", question.id)}
            >
              {t("staffReviews.hide-question")}
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}
