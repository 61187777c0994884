import {
  type ABUSE_REASONS,
  type ABUSE_TARGETS,
  abuseReportBodySchema,
  answerBodySchema,
  FIELD_ERROR_KEYS,
  questionAskBodySchema,
  type ReviewPhoto,
} from "@stoa/contract";
import { data, redirect } from "react-router";
import { failed, invalid, invalidFields } from "../platform/api/form-answer.ts";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { validateWith } from "../platform/form-values.ts";
import {
  keptPhotoIdsOf,
  photoProblem,
  photoTypeOf,
  REVIEW_FIELDS,
  REVIEW_POST_MAX_BYTES,
  reviewTextsOf,
} from "./review-form.ts";

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** An id a form names (as text), as the number the contract takes; anything else is left for it to refuse. */
export function formId(value: FormDataEntryValue | null): number | undefined {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

/** The files a form carries under a name: those actually chosen (a browser sends an empty one for none). */
function filesOf(form: FormData, name: string): File[] {
  return form.getAll(name).filter((value): value is File => value instanceof File && value.size > 0);
}

async function uploadPhoto(storeApi: StoreApi, file: File) {
  const contentType = photoTypeOf(file.type);
  if (!contentType) return { ok: false as const, fields: { photos: FIELD_ERROR_KEYS.imageNotPicture } };
  const image = Buffer.from(await file.arrayBuffer()).toString("base64");
  const outcome = await storeApi.form("uploadReviewPhoto", { body: { image, contentType } });
  if (outcome.ok) return { ok: true as const, photo: outcome.data };
  // The API names the photo `image`; the form's field is `photos`.
  const { image: why, contentType: type, ...rest } = outcome.failure.fields;
  const moved = why ?? type;
  return {
    ok: false as const,
    outcome: {
      ...outcome,
      failure: { ...outcome.failure, fields: moved ? { ...rest, photos: moved } : rest },
    },
  };
}

/**
 * REVIEW_RATING's post, from the modal and the page without scripts alike. `photo` uploads one
 * photo as soon as it is chosen (with scripts), answering it to show and keep; `save` uploads any
 * photos the post carries (without scripts), then writes or edits the review with the photos kept.
 * A refused save answers the photos uploaded on the way, so the form shows them kept and nothing the
 * shopper gave is lost.
 */
export async function reviewAction(storeApi: StoreApi, productId: number, request: Request) {
  if (Number(request.headers.get("content-length") ?? "0") > REVIEW_POST_MAX_BYTES)
    return data(invalidFields({ photos: FIELD_ERROR_KEYS.imageTooLarge }), { status: 413 });
  const form = await request.formData();
  const intent = text(form.get("intent"));

  if (intent === "photo") {
    const [file] = filesOf(form, REVIEW_FIELDS.photos);
    if (!file) return invalid({ photos: FIELD_ERROR_KEYS.required });
    const problem = photoProblem([file], keptPhotoIdsOf(form.getAll(REVIEW_FIELDS.keep)).length);
    if (problem) return invalid(problem);
    const uploaded = await uploadPhoto(storeApi, file);
    if (uploaded.ok) return { ok: true as const, intent: "photo" as const, photo: uploaded.photo };
    return uploaded.outcome ? failed(uploaded.outcome) : invalid(uploaded.fields);
  }
  if (intent !== "save") return invalid({ intent: FIELD_ERROR_KEYS.invalid });

  const dropped = keptPhotoIdsOf(form.getAll(REVIEW_FIELDS.drop));
  const kept = keptPhotoIdsOf(form.getAll(REVIEW_FIELDS.keep)).filter((id) => !dropped.includes(id));
  const reviewIdText = text(form.get(REVIEW_FIELDS.reviewId));
  const reviewId = /^\d{1,12}$/.test(reviewIdText) ? Number(reviewIdText) : null;
  const values = {
    rating: text(form.get(REVIEW_FIELDS.rating)),
    title: text(form.get(REVIEW_FIELDS.title)),
    text: text(form.get(REVIEW_FIELDS.text)),
  };
  const check = reviewTextsOf(values, productId, kept, reviewId);
  const files = filesOf(form, REVIEW_FIELDS.photos);
  const problem = photoProblem(files, kept.length);
  const uploaded: ReviewPhoto[] = [];
  const refuse = (status: number, failure: object) =>
    data({ ...failure, values, uploaded, kept }, { status });
  if (!check.ok || problem)
    return refuse(400, invalidFields({ ...(check.ok ? {} : check.fields), ...problem }));

  for (const file of files) {
    const answer = await uploadPhoto(storeApi, file);
    if (answer.ok) uploaded.push(answer.photo);
    else if (answer.outcome) return refuse(answer.outcome.status, answer.outcome.failure);
    else return refuse(400, invalidFields(answer.fields));
  }
  const outcome = await storeApi.form("saveProductReview", {
    body: { ...check.data, photoIds: [...kept, ...uploaded.map((photo) => photo.id)] },
  });
  if (!outcome.ok) return refuse(outcome.status, outcome.failure);
  // A plain post (no scripts) goes back to the product's reviews, where the review now is.
  if (form.get("js") !== "1") throw redirect(`/products/${productId}#reviews`);
  return { ok: true as const, intent: "save" as const, review: outcome.data };
}

/** QUESTION_FORM's post: a shopper's question, or a verified buyer's answer where the shop allows. */
export async function questionAction(storeApi: StoreApi, productId: number, request: Request) {
  const form = await request.formData();
  const intent = text(form.get("intent"));
  const typed = text(form.get("text"));
  if (intent === "answer") {
    const check = validateWith(answerBodySchema, { questionId: formId(form.get("questionId")), text: typed });
    if (!check.ok) return data({ ...invalidFields(check.fields), typed }, { status: 400 });
    const outcome = await storeApi.form("answerProductQuestion", { body: check.data });
    if (!outcome.ok) return data({ ...outcome.failure, typed }, { status: outcome.status });
    if (form.get("js") !== "1") throw redirect(`/products/${productId}#questions`);
    return { ok: true as const, intent: "answer" as const };
  }
  const check = validateWith(questionAskBodySchema, { productId, text: typed });
  if (!check.ok) return data({ ...invalidFields(check.fields), typed }, { status: 400 });
  const outcome = await storeApi.form("askProductQuestion", { body: check.data });
  if (!outcome.ok) return data({ ...outcome.failure, typed }, { status: outcome.status });
  if (form.get("js") !== "1") return { ok: true as const, intent: "ask" as const, sentWithoutScripts: true };
  return { ok: true as const, intent: "ask" as const };
}

export type ReportTarget = (typeof ABUSE_TARGETS)[number];
export type ReportReason = (typeof ABUSE_REASONS)[number];

/** ABUSE_REPORT's post: what is reported (a review, a photo, a question, an answer), why, and words. */
export async function reportAction(storeApi: StoreApi, request: Request) {
  // Reporting is a customer's: the page says so rather than the API's refusal.
  const form = await request.formData();
  const values = {
    target: text(form.get("target")),
    targetId: formId(form.get("targetId")),
    reason: text(form.get("reason")) || undefined,
    text: text(form.get("text")),
  };
  const check = validateWith(abuseReportBodySchema, values);
  if (!check.ok) return data({ ...invalidFields(check.fields), typed: values.text }, { status: 400 });
  const outcome = await storeApi.form("reportAbuse", { body: check.data });
  if (!outcome.ok) return data({ ...outcome.failure, typed: values.text }, { status: outcome.status });
  return { ok: true as const, intent: "report" as const };
}
