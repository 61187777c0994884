import {
  FIELD_ERROR_KEYS,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_TYPES,
  REVIEW_PHOTOS_MAX,
  type ReviewPhotoType,
  reviewSaveBodySchema,
} from "@stoa/contract";
import type { FieldErrors } from "../platform/api/form-answer.ts";
import { type Schema, type Validation, validateWith } from "../platform/form-values.ts";

/** REVIEW_RATING's fields, in the form and in the page without scripts alike. */
export const REVIEW_FIELDS = {
  rating: "rating",
  title: "title",
  text: "text",
  /** New photos, chosen from the device. */
  photos: "photos",
  /** Photos the review already has (or uploaded by an earlier try) that stay, by id. */
  keep: "keep-photo",
  /** Kept photos ticked to go, on the form without scripts. */
  drop: "drop-photo",
  reviewId: "reviewId",
} as const;

export type ReviewSaveInput = ReturnType<typeof reviewSaveBodySchema.parse>;

type TextValues = { rating?: unknown; title?: unknown; text?: unknown };

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The review's words and stars, checked with the contract's schema on the form's own field names.
 * The photos are checked apart (photoProblem), since they travel as files.
 */
export function reviewTextsOf(
  values: TextValues,
  productId: number,
  keptPhotoIds: readonly number[],
  reviewId: number | null,
): Validation<ReviewSaveInput> {
  const rating = textOf(values.rating);
  return validateWith(reviewSaveBodySchema, {
    productId,
    ...(reviewId ? { reviewId } : {}),
    // No star chosen is "required", not "not a number".
    rating: /^\d$/.test(rating) ? Number(rating) : undefined,
    title: textOf(values.title),
    text: textOf(values.text),
    photoIds: [...keptPhotoIds],
  });
}

/** What the browser checks before sending, with the names the form shows errors on. */
export const reviewFormCheck: Schema<unknown> = {
  safeParse(value: unknown) {
    const check = reviewTextsOf((value ?? {}) as TextValues, 1, [], null);
    if (check.ok) return { success: true, data: check.data };
    return {
      success: false,
      error: { issues: Object.entries(check.fields).map(([field, message]) => ({ path: [field], message })) },
    };
  },
};

export const REVIEW_TEXT_FIELDS = [REVIEW_FIELDS.rating, REVIEW_FIELDS.title, REVIEW_FIELDS.text] as const;

/** A photo file's type as the API takes it, or null for anything else (an SVG, a PDF). */
export function photoTypeOf(type: string): ReviewPhotoType | null {
  return REVIEW_PHOTO_TYPES.find((known) => known === type) ?? null;
}

/**
 * What is wrong with the photos as a whole before any is sent: too many with those kept, one too
 * large, or one that is not a picture. Null when they may go.
 */
export function photoProblem(
  files: readonly { size: number; type: string }[],
  kept: number,
): FieldErrors | null {
  if (files.length + kept > REVIEW_PHOTOS_MAX) return { photos: FIELD_ERROR_KEYS.imagesTooMany };
  if (files.some((file) => file.size > REVIEW_PHOTO_MAX_BYTES))
    return { photos: FIELD_ERROR_KEYS.imageTooLarge };
  if (files.some((file) => !photoTypeOf(file.type))) return { photos: FIELD_ERROR_KEYS.imageNotPicture };
  return null;
}

/** The ids of the photos the form keeps, in their order, each once. */
export function keptPhotoIdsOf(values: readonly FormDataEntryValue[]): number[] {
  const ids: number[] = [];
  for (const value of values) {
    if (typeof value !== "string" || !/^\d{1,12}$/.test(value)) continue;
    const id = Number(value);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** A multipart post larger than this many photos at their largest, and its fields, is refused unread. */
export const REVIEW_POST_MAX_BYTES = REVIEW_PHOTOS_MAX * REVIEW_PHOTO_MAX_BYTES + 64 * 1024;
