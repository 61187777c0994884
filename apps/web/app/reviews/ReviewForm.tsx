import {
  type OwnReview,
  REVIEW_PHOTO_TYPES,
  REVIEW_PHOTOS_MAX,
  REVIEW_RATING_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  type ReviewPhoto,
} from "@stoa/contract";
import { type ChangeEvent, Fragment, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SubmitButton } from "../account/FormButtons.tsx";
import { TextAreaField, TextField } from "../account/FormFields.tsx";
import { FormAlert } from "../account/FormMessages.tsx";
import { useAccountForm } from "../account/use-account-form.ts";
import type { ActionFailure, FieldErrors, MessageKey } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CloseIcon, PlusIcon, SpinnerIcon } from "../platform/ui/icons.tsx";
import { StoaImage } from "../platform/ui/StoaImage.tsx";
import { useHydrated } from "../platform/ui/use-hydrated.ts";
import { photoProblem, REVIEW_FIELDS, REVIEW_TEXT_FIELDS, reviewFormCheck } from "./review-form.ts";

/** What a refused save without scripts answered: the words typed, and the photos kept and uploaded. */
export type ReviewRetry = ActionFailure & {
  values?: { rating: string; title: string; text: string };
  uploaded?: ReviewPhoto[];
  kept?: number[];
};

type PhotoItem =
  | { key: string; state: "kept"; photo: ReviewPhoto }
  | { key: string; state: "uploading"; file: File; preview: string };

const STAR_PATH =
  "M10 1.6l2.47 5.3 5.8.7-4.28 3.97 1.1 5.74L10 14.5l-5.09 2.81 1.1-5.74L1.73 7.6l5.8-.7L10 1.6z";

/** Tells the action the form was sent by scripts, which take its answer, rather than as a plain post. */
function ScriptMark() {
  return useHydrated() ? <input type="hidden" name="js" value="1" /> : null;
}

/** 1–5 stars as a radio group: arrow keys move, the choice shows with or without scripts (app.css). */
function StarChoice({ initial, error }: { initial: number | null; error: MessageKey | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<number | null>(initial);
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} data-star-choice>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t("reviews.form.rating")}</legend>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <div className="star-choice flex items-center">
          {Array.from({ length: REVIEW_RATING_MAX }, (_, index) => {
            const stars = index + 1;
            return (
              <Fragment key={stars}>
                <input
                  id={`${id}-${stars}`}
                  type="radio"
                  name={REVIEW_FIELDS.rating}
                  value={stars}
                  defaultChecked={initial === stars}
                  onChange={() => setChosen(stars)}
                  className="sr-only"
                  aria-invalid={error ? true : undefined}
                  data-autofocus={stars === (initial ?? 1) ? true : undefined}
                />
                <label
                  htmlFor={`${id}-${stars}`}
                  data-star={stars}
                  className="cursor-pointer p-1 transition-colors"
                >
                  <svg viewBox="0 0 20 20" aria-hidden="true" className="size-9" fill="currentColor">
                    <path d={STAR_PATH} />
                  </svg>
                  <span className="sr-only">
                    {t(`reviews.form.stars.${stars}` as "reviews.form.stars.1")}
                  </span>
                </label>
              </Fragment>
            );
          })}
        </div>
        {chosen ? (
          <span className="text-sm font-medium text-stone-700" aria-hidden="true" data-star-word>
            {t(`reviews.form.stars.${chosen}` as "reviews.form.stars.1")}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" data-field-error>
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A photo being sent as soon as it is chosen; it becomes a kept photo once the shop has it. */
function UploadingPhoto({
  item,
  action,
  onUploaded,
  onRefused,
}: {
  item: Extract<PhotoItem, { state: "uploading" }>;
  action: string;
  onUploaded: (key: string, photo: ReviewPhoto) => void;
  onRefused: (key: string, why: MessageKey) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; photo?: ReviewPhoto; key?: MessageKey; fields?: FieldErrors }>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const body = new FormData();
    body.set("intent", "photo");
    body.set(REVIEW_FIELDS.photos, item.file);
    fetcher.submit(body, { method: "post", action, encType: "multipart/form-data" });
  }, [fetcher, action, item.file]);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok && answer.photo) onUploaded(item.key, answer.photo);
    else onRefused(item.key, answer.fields?.photos ?? answer.key ?? "error-something-wrong");
  }, [answer, item.key, onUploaded, onRefused]);
  return (
    <li className="relative size-20 overflow-hidden rounded-xl ring-1 ring-stone-200" data-photo-uploading>
      <img src={item.preview} alt="" className="size-full object-cover opacity-60" />
      <span className="absolute inset-0 flex items-center justify-center" role="status">
        <SpinnerIcon className="size-5 text-stone-900" />
        <span className="sr-only">{t("reviews.form.uploading")}</span>
      </span>
    </li>
  );
}

/**
 * Up to five photos: those the review has (each may be taken off) and new ones. With scripts a new
 * photo is sent at once and shown from the shop; without, the files go with the form.
 */
function PhotoPicker({
  initial,
  action,
  error,
}: {
  initial: ReviewPhoto[];
  action: string;
  error: MessageKey | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((photo) => ({ key: `kept-${photo.id}`, state: "kept", photo })),
  );
  const [refused, setRefused] = useState<MessageKey | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const room = REVIEW_PHOTOS_MAX - items.length;
  const shownError = refused ?? error;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    if (!hydrated) return;
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    const problem = photoProblem(files, items.length);
    if (problem?.photos) {
      setRefused(problem.photos);
      return;
    }
    setRefused(null);
    setItems((before) => [
      ...before,
      ...files.map((file, index) => ({
        key: `new-${Date.now()}-${index}`,
        state: "uploading" as const,
        file,
        preview: URL.createObjectURL(file),
      })),
    ]);
  };
  const onUploaded = (key: string, photo: ReviewPhoto) =>
    setItems((before) => before.map((item) => (item.key === key ? { key, state: "kept", photo } : item)));
  const onRefused = (key: string, why: MessageKey) => {
    setRefused(why);
    setItems((before) => before.filter((item) => item.key !== key));
  };
  const remove = (key: string) => setItems((before) => before.filter((item) => item.key !== key));

  return (
    <div data-photo-picker>
      <p id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-stone-800">
        {t("reviews.form.photos")}
      </p>
      <ul className="flex flex-wrap gap-3" aria-labelledby={`${id}-label`}>
        {items.map((item, index) =>
          item.state === "kept" ? (
            <li
              key={item.key}
              className="relative size-20 overflow-hidden rounded-xl ring-1 ring-stone-200 has-[:checked]:opacity-40"
              data-photo-kept={item.photo.id}
            >
              <input type="hidden" name={REVIEW_FIELDS.keep} value={item.photo.id} />
              <StoaImage
                src={item.photo.url}
                alt=""
                width={80}
                height={80}
                className="size-full object-cover"
              />
              {hydrated ? (
                <button
                  type="button"
                  onClick={() => remove(item.key)}
                  className="absolute end-1 top-1 flex size-7 items-center justify-center rounded-full bg-white/95 text-stone-800 shadow hover:bg-white"
                  aria-label={t("reviews.form.remove-photo", { index: index + 1 })}
                  data-remove-photo
                >
                  <CloseIcon className="size-4" />
                </button>
              ) : (
                <label className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-white/90 px-1.5 py-0.5 text-[11px] font-medium text-stone-800">
                  <input
                    type="checkbox"
                    name={REVIEW_FIELDS.drop}
                    value={item.photo.id}
                    className="accent-brand"
                  />
                  {t("reviews.form.remove")}
                </label>
              )}
            </li>
          ) : (
            <UploadingPhoto
              key={item.key}
              item={item}
              action={action}
              onUploaded={onUploaded}
              onRefused={onRefused}
            />
          ),
        )}
        {room > 0 ? (
          <li>
            <label
              htmlFor={`${id}-file`}
              className="flex size-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-stone-300 text-xs font-medium text-stone-600 hover:border-stone-400 hover:bg-stone-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus"
            >
              <PlusIcon className="size-5" />
              {t("reviews.form.add-photo")}
              <input
                ref={input}
                id={`${id}-file`}
                type="file"
                // With scripts each photo is sent as it is chosen: the form itself carries none.
                name={hydrated ? undefined : REVIEW_FIELDS.photos}
                accept={REVIEW_PHOTO_TYPES.join(",")}
                multiple
                onChange={onChoose}
                className="sr-only"
                aria-invalid={shownError ? true : undefined}
                aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
                data-photo-input
              />
            </label>
          </li>
        ) : null}
      </ul>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-500">
        {t("reviews.form.photos-hint", { max: REVIEW_PHOTOS_MAX })}
      </p>
      {shownError ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" data-field-error role="alert">
          {t(shownError)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * REVIEW_RATING's form, in the modal and on the review page alike: stars, title, words and photos.
 * A refused post keeps everything typed (the fields are the shopper's own until they change them).
 */
export function ReviewForm({
  productId,
  review,
  retry,
  onSaved,
}: {
  productId: number;
  review: OwnReview | null;
  /** A refused post answered to the page without scripts. */
  retry?: ReviewRetry | null;
  onSaved?: (review: OwnReview) => void;
}) {
  const { t } = useTranslation();
  const action = `/products/${productId}/review`;
  const form = useAccountForm((result) => {
    const saved = (result as { review?: OwnReview }).review;
    if (saved) onSaved?.(saved);
  });
  const errors: FieldErrors = { ...(retry?.fields ?? {}), ...form.errors };
  const alert = form.alert ?? (retry && Object.keys(retry.fields).length === 0 ? retry : undefined);
  const initialRating = retry?.values?.rating ? Number(retry.values.rating) : (review?.rating ?? null);
  const keptIds = retry?.kept;
  const initialPhotos = [
    ...(review?.photos ?? []).filter((photo) => !keptIds || keptIds.includes(photo.id)),
    ...(retry?.uploaded ?? []),
  ];
  return (
    <form.fetcher.Form
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={form.validated(reviewFormCheck, REVIEW_TEXT_FIELDS)}
      className="space-y-5"
      data-review-form
    >
      <FormAlert failure={alert} onClose={form.dismiss} id={form.alertId} />
      <input type="hidden" name="intent" value="save" />
      <ScriptMark />
      {review ? <input type="hidden" name={REVIEW_FIELDS.reviewId} value={review.id} /> : null}
      <StarChoice initial={initialRating} error={errors.rating} />
      <TextField
        label={t("reviews.form.title")}
        name={REVIEW_FIELDS.title}
        errors={errors}
        maxLength={REVIEW_TITLE_MAX}
        defaultValue={retry?.values?.title ?? review?.title ?? ""}
        hint={t("reviews.form.title-hint")}
      />
      <TextAreaField
        label={t("reviews.form.text")}
        name={REVIEW_FIELDS.text}
        errors={errors}
        maxLength={REVIEW_TEXT_MAX}
        rows={5}
        defaultValue={retry?.values?.text ?? review?.text ?? ""}
        hint={t("reviews.form.text-hint")}
      />
      <PhotoPicker initial={initialPhotos} action={action} error={errors.photos} />
      <SubmitButton busy={form.busy}>
        {review ? t("reviews.form.save") : t("reviews.form.submit")}
      </SubmitButton>
      <p className="text-center text-xs text-stone-500">{t("reviews.form.terms")}</p>
    </form.fetcher.Form>
  );
}
