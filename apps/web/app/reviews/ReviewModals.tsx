import {
  ABUSE_REASONS,
  ABUSE_TEXT_MAX,
  type OwnReview,
  QUESTION_TEXT_MAX,
  type ReviewPhoto,
  RTL_LOCALES,
} from "@stoa/contract";
import { type KeyboardEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { AccountViewFrame } from "../account/AccountViewFrame.tsx";
import { SubmitButton } from "../account/FormButtons.tsx";
import { TextAreaField } from "../account/FormFields.tsx";
import { FormAlert } from "../account/FormMessages.tsx";
import { useAccountForm } from "../account/use-account-form.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { ChevronEndIcon, ChevronStartIcon } from "../platform/ui/icons.tsx";
import { StoaImage } from "../platform/ui/StoaImage.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { useShop } from "../shell/root-data.ts";
import { ReviewForm } from "./ReviewForm.tsx";
import { ReportLink, type ReportWhat } from "./ReviewItem.tsx";

/** REVIEW_RATING: write or edit the shopper's review of a product, over its page. */
export function ReviewRatingView({
  productId,
  productName,
  review,
}: {
  productId: number;
  productName: string;
  review: OwnReview | null;
}) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { showToast } = useToast();
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={review ? t("reviews.form.edit-title") : t("reviews.form.title-write")}
      subtitle={<span dir="auto">{productName}</span>}
    >
      <ReviewForm
        productId={productId}
        review={review}
        onSaved={(saved) => {
          showToast(
            saved.state === "published" ? t("reviews.form.published") : t("reviews.form.waiting"),
            "success",
          );
          closeModal();
        }}
      />
    </AccountViewFrame>
  );
}

/**
 * REVIEW_IMAGE_POPOVER: a review's photos large, one at a time. Arrow keys (mirrored in
 * right-to-left pages) and the buttons go to the next and previous; Escape closes and focus goes back
 * to the thumbnail that opened it (the modal's own behaviour).
 */
export function ReviewPhotosView({
  productId,
  photos,
  start,
  authorName,
}: {
  productId: number;
  photos: ReviewPhoto[];
  start: number;
  authorName: string;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const rtl = RTL_LOCALES.includes(locale);
  const [current, setCurrent] = useState(Math.min(Math.max(start, 0), photos.length - 1));
  const count = photos.length;
  const photo = photos[current];
  const go = (step: number) => setCurrent((now) => (now + step + count) % count);
  const onKey = (event: KeyboardEvent) => {
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    if (event.key === forward) go(1);
    else if (event.key === back) go(-1);
    else return;
    event.preventDefault();
  };
  if (!photo) return null;
  const step =
    "absolute top-1/2 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow-md transition hover:bg-white";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys anywhere in the popover turn its pages
    <div className="px-4 pt-12 pb-5 sm:px-6" onKeyDown={onKey} data-review-popover>
      <h2 id={MODAL_TITLE_ID} className="mb-3 pe-10 text-lg font-semibold text-stone-950">
        {t("reviews.popover.title", { name: authorName })}
      </h2>
      <div className="relative flex h-[min(65dvh,36rem)] items-center justify-center overflow-hidden rounded-2xl bg-stone-950">
        <StoaImage
          key={photo.url}
          src={photo.url}
          alt={t("reviews.photo-of", { index: current + 1, count, name: authorName })}
          width={photo.width || 1200}
          height={photo.height || 1200}
          sizes="(min-width: 640px) 48rem, 100vw"
          priority
          className="size-full object-contain"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              className={`${step} start-3`}
              aria-label={t("reviews.popover.previous")}
              data-popover-previous
            >
              <ChevronStartIcon />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              className={`${step} end-3`}
              aria-label={t("reviews.popover.next")}
              data-autofocus
              data-popover-next
            >
              <ChevronEndIcon />
            </button>
          </>
        ) : null}
      </div>
      <div className="mt-3 flex items-center justify-between gap-3 text-sm">
        <p className="tabular-nums text-stone-600" aria-live="polite" data-popover-position={current + 1}>
          {t("reviews.popover.position", { index: current + 1, count })}
        </p>
        <ReportLink
          key={photo.id}
          productId={productId}
          what={{ target: "photo", targetId: photo.id }}
          label={t("reviews.popover.report")}
        />
      </div>
    </div>
  );
}

/** QUESTION_FORM: ask about a product, or answer one of its questions as a buyer where the shop allows. */
export function QuestionFormView({
  productId,
  productName,
  question,
}: {
  productId: number;
  productName: string;
  question: { id: number; text: string } | null;
}) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { showToast } = useToast();
  const revalidator = useRevalidator();
  const form = useAccountForm(() => {
    showToast(question ? t("reviews.questions.answered") : t("reviews.questions.sent"), "success");
    closeModal();
    if (question) void revalidator.revalidate();
  });
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={question ? t("reviews.questions.answer-title") : t("reviews.questions.ask-title")}
      subtitle={<span dir="auto">{question ? question.text : productName}</span>}
    >
      <form.fetcher.Form
        method="post"
        action={`/products/${productId}/question`}
        noValidate
        className="space-y-5"
        data-question-form
      >
        <FormAlert failure={form.alert} onClose={form.dismiss} id={form.alertId} />
        <input type="hidden" name="intent" value={question ? "answer" : "ask"} />
        <input type="hidden" name="js" value="1" />
        {question ? <input type="hidden" name="questionId" value={question.id} /> : null}
        <TextAreaField
          label={question ? t("reviews.questions.your-answer") : t("reviews.questions.your-question")}
          hint={question ? undefined : t("reviews.questions.hint")}
          name="text"
          errors={form.errors}
          maxLength={QUESTION_TEXT_MAX}
          rows={4}
          required
          autoFocusHere
        />
        <SubmitButton busy={form.busy}>
          {question ? t("reviews.questions.send-answer") : t("reviews.questions.send")}
        </SubmitButton>
      </form.fetcher.Form>
    </AccountViewFrame>
  );
}

/** The reason list and words of a report; the report page without scripts shows the same. */
export function ReportFields({
  errors,
  typed,
}: {
  errors: Record<string, import("../platform/api/form-answer.ts").MessageKey>;
  typed?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <fieldset aria-describedby={errors.reason ? `${id}-error` : undefined} data-report-reasons>
        <legend className="mb-2 block text-sm font-medium text-stone-800">
          {t("reviews.report-form.reason")}
        </legend>
        <div className="space-y-2">
          {ABUSE_REASONS.map((reason, index) => (
            <label
              key={reason}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-stone-200 px-4 py-3 text-sm text-stone-800 hover:bg-stone-50 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
            >
              <input
                type="radio"
                name="reason"
                value={reason}
                className="size-4 accent-brand"
                data-autofocus={index === 0 ? true : undefined}
                aria-invalid={errors.reason ? true : undefined}
              />
              {t(`reviews.report-form.reasons.${reason}`)}
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" data-field-error>
            {t(errors.reason)}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={t("reviews.report-form.text")}
        hint={t("reviews.report-form.text-hint")}
        name="text"
        errors={errors}
        maxLength={ABUSE_TEXT_MAX}
        rows={3}
        defaultValue={typed}
      />
    </>
  );
}

/** ABUSE_REPORT: why a review, a photo or a question should not be shown; staff read it in their queue. */
export function AbuseReportView({ productId, target, targetId }: { productId: number } & ReportWhat) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { showToast } = useToast();
  const form = useAccountForm(() => {
    showToast(t("reviews.report-form.sent"), "success");
    closeModal();
  });
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t(`reviews.report-form.title.${target}`)}
      subtitle={t("reviews.report-form.subtitle")}
    >
      <form.fetcher.Form
        method="post"
        action={`/products/${productId}/report`}
        noValidate
        className="space-y-5"
        data-report-form={target}
      >
        <FormAlert failure={form.alert} onClose={form.dismiss} id={form.alertId} />
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="targetId" value={targetId} />
        <input type="hidden" name="js" value="1" />
        <ReportFields errors={form.errors} />
        <SubmitButton busy={form.busy}>{t("reviews.report-form.send")}</SubmitButton>
      </form.fetcher.Form>
    </AccountViewFrame>
  );
}
