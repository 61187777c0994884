import { createHash } from "node:crypto";
import {
  ABUSE_REPORTS_TO_HIDE,
  type AbuseReportBody,
  type Answer,
  type abuseReportBodySchema,
  type answerBodySchema,
  type Locale,
  type MyReview,
  type MyReviews,
  type OwnQuestion,
  type OwnReview,
  type Question,
  type QuestionPage,
  type questionAskBodySchema,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_MAX_SIDE,
  REVIEW_REPEATED_TEXT_MIN,
  REVIEW_REPEATED_TEXT_PRODUCTS,
  type Review,
  type ReviewPage,
  type ReviewPhoto,
  type ReviewSettings,
  type ReviewSort,
  type ReviewState,
  type reviewPhotoUploadBodySchema,
  type reviewSaveBodySchema,
} from "@stoa/contract";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import sharp from "sharp";
import type { z } from "zod";
import type { ThrottleRule } from "../auth/throttle.ts";
import { throttle } from "../auth/throttle.ts";
import { assertShopProduct, productNames, shopProductIds } from "../catalogue/product-refs.ts";
import { customerById, customerNames, isUniqueViolation } from "../customers/service.ts";
import type { CustomerRow } from "../customers/tables.ts";
import { receiptOf, receiptsOf } from "../orders/received.ts";
import type { Database } from "../platform/db/database.ts";
import type { MediaStorage } from "../platform/files/media-storage.ts";
import { ApiError } from "../platform/http/errors.ts";
import { shopMediaKey, shopMediaUrl } from "../stores/shop-media.ts";
import { moveRating, ratingSummary } from "./ratings.ts";
import {
  abuseReports,
  type ProductQuestionRow,
  type ProductReviewRow,
  productQuestions,
  productReviews,
  questionAnswers,
  reviewPhotos,
  reviewSettings,
} from "./tables.ts";

/** Per customer: reviews written or edited, photos, questions and answers, reports (decision 068). */
export const REVIEW_THROTTLES = {
  reviews: { limit: 10, windowSeconds: 60 * 60 },
  photos: { limit: 30, windowSeconds: 60 * 60 },
  questions: { limit: 10, windowSeconds: 60 * 60 },
  reports: { limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, ThrottleRule>;

const DEFAULT_SETTINGS: ReviewSettings = {
  moderateFirst: false,
  buyersMayAnswer: true,
  requestEmail: false,
  requestDelayDays: 5,
};

export async function settingsOf(db: Database, storeId: number): Promise<ReviewSettings> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.storeId, storeId));
  return row
    ? {
        moderateFirst: row.moderateFirst,
        buyersMayAnswer: row.buyersMayAnswer,
        requestEmail: row.requestEmail,
        requestDelayDays: row.requestDelayDays,
      }
    : DEFAULT_SETTINGS;
}

const NOBODY = { firstName: "", lastName: "" };

/** "Dana K.": a first name and an initial, never the whole name or the email. */
export function authorName(first: string, last: string): string {
  const initial = last.trim().charAt(0);
  const name = first.trim() || "—";
  return initial ? `${name} ${initial.toUpperCase()}.` : name;
}

/** Only customers with an account review, ask and report: a guest session is nobody to trust. */
export function customerOnly(customer: CustomerRow): CustomerRow {
  if (customer.kind !== "customer") throw new ApiError("REVIEW_SIGN_IN");
  return customer;
}

const shopProduct = assertShopProduct;

/* ---------------------------------------------------------------- reading */

async function photosOf(db: Database, storeId: number, reviewIds: number[], withHidden = false) {
  const byReview = new Map<number, ReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select()
    .from(reviewPhotos)
    .where(
      and(
        eq(reviewPhotos.storeId, storeId),
        inArray(reviewPhotos.reviewId, reviewIds),
        withHidden ? undefined : eq(reviewPhotos.hidden, false),
      ),
    )
    .orderBy(asc(reviewPhotos.position));
  for (const row of rows) {
    const list = byReview.get(row.reviewId ?? 0) ?? [];
    list.push({ id: row.id, url: row.url, width: row.width, height: row.height });
    byReview.set(row.reviewId ?? 0, list);
  }
  return byReview;
}

export function reviewOf(
  row: ProductReviewRow,
  author: { firstName: string; lastName: string },
  photos: ReviewPhoto[],
): Review {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    text: row.text,
    language: row.language,
    photos,
    authorName: authorName(author.firstName, author.lastName),
    verifiedPurchase: true,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    reply:
      row.replyText && row.replyAt ? { text: row.replyText, createdAt: row.replyAt.toISOString() } : null,
  };
}

/** A page of a product's PUBLISHED reviews, the shopper's language first, then by the sort asked. */
export async function productReviewPage(
  db: Database,
  storeId: number,
  productId: number,
  query: { sort: ReviewSort; page: number; limit: number; rating?: number },
  locale: Locale,
): Promise<ReviewPage> {
  await shopProduct(db, storeId, productId);
  const shown = and(
    eq(productReviews.storeId, storeId),
    eq(productReviews.productId, productId),
    eq(productReviews.state, "published"),
    query.rating === undefined ? undefined : eq(productReviews.rating, query.rating),
  );
  const hasPhotos = sql`EXISTS (SELECT 1 FROM ${reviewPhotos} WHERE ${reviewPhotos.storeId} = ${productReviews.storeId} AND ${reviewPhotos.reviewId} = ${productReviews.id} AND NOT ${reviewPhotos.hidden})`;
  const order = {
    newest: [desc(productReviews.createdAt)],
    highest: [desc(productReviews.rating), desc(productReviews.createdAt)],
    lowest: [asc(productReviews.rating), desc(productReviews.createdAt)],
    withPhotos: [desc(hasPhotos), desc(productReviews.createdAt)],
  }[query.sort];
  const [rows, summary] = await Promise.all([
    db
      .select({ review: productReviews })
      .from(productReviews)
      .where(shown)
      .orderBy(desc(sql`${productReviews.language} = ${locale}`), ...order, desc(productReviews.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ratingSummary(db, storeId, productId),
  ]);
  const [photos, names] = await Promise.all([
    photosOf(
      db,
      storeId,
      rows.map((r) => r.review.id),
    ),
    customerNames(
      db,
      storeId,
      rows.map((r) => r.review.customerId),
    ),
  ]);
  // The summary counts published reviews, by stars too: the same set the pages show.
  const total = query.rating === undefined ? summary.count : (summary.spread[query.rating - 1] ?? 0);
  return {
    records: rows.map((r) =>
      reviewOf(r.review, names.get(r.review.customerId) ?? NOBODY, photos.get(r.review.id) ?? []),
    ),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
    per_page: query.limit,
    total,
    total_is_lower_bound: false,
    summary,
  };
}

async function ownReview(db: Database, storeId: number, customer: CustomerRow, row: ProductReviewRow) {
  const photos = await photosOf(db, storeId, [row.id], true);
  return { ...reviewOf(row, customer, photos.get(row.id) ?? []), state: row.state } satisfies OwnReview;
}

export async function myReview(
  db: Database,
  storeId: number,
  customer: CustomerRow,
  productId: number,
): Promise<MyReview> {
  await shopProduct(db, storeId, productId);
  if (customer.kind !== "customer")
    return { review: null, mayReview: false, refusal: "signIn", mayAnswer: false };
  const [[row], receipt, settings] = await Promise.all([
    db
      .select()
      .from(productReviews)
      .where(
        and(
          eq(productReviews.storeId, storeId),
          eq(productReviews.productId, productId),
          eq(productReviews.customerId, customer.id),
        ),
      ),
    receiptOf(db, storeId, customer.id, productId),
    settingsOf(db, storeId),
  ]);
  const received = receipt === "received";
  return {
    review: row ? await ownReview(db, storeId, customer, row) : null,
    mayReview: received,
    refusal: received ? null : receipt,
    mayAnswer: received && settings.buyersMayAnswer,
  };
}

/**
 * `myReview` for the products of an order page in one call: the shop's products among the ids (the
 * others are left out), the caller's reviews of them with their photos, and whether each was
 * received, each read once for all the products (five statements, whatever their number).
 */
export async function myReviews(
  db: Database,
  storeId: number,
  customer: CustomerRow,
  productIds: readonly number[],
): Promise<MyReviews> {
  if (customer.kind !== "customer") {
    const shop = await shopProductIds(db, storeId, productIds);
    return {
      records: productIds
        .filter((id) => shop.has(id))
        .map((productId) => ({
          productId,
          review: null,
          mayReview: false,
          refusal: "signIn",
          mayAnswer: false,
        })),
    };
  }
  const [shop, rows, receipts, settings] = await Promise.all([
    shopProductIds(db, storeId, productIds),
    db
      .select()
      .from(productReviews)
      .where(
        and(
          eq(productReviews.storeId, storeId),
          eq(productReviews.customerId, customer.id),
          inArray(productReviews.productId, [...productIds]),
        ),
      ),
    receiptsOf(db, storeId, customer.id, productIds),
    settingsOf(db, storeId),
  ]);
  const photos = await photosOf(
    db,
    storeId,
    rows.map((row) => row.id),
    true,
  );
  const byProduct = new Map(rows.map((row) => [row.productId, row]));
  return {
    records: productIds
      .filter((id) => shop.has(id))
      .map((productId) => {
        const row = byProduct.get(productId);
        const receipt = receipts.get(productId) ?? "notBought";
        const received = receipt === "received";
        return {
          productId,
          review: row ? { ...reviewOf(row, customer, photos.get(row.id) ?? []), state: row.state } : null,
          mayReview: received,
          refusal: received ? null : receipt,
          mayAnswer: received && settings.buyersMayAnswer,
        };
      }),
  };
}

/* ---------------------------------------------------------------- writing */

/** The text folded (case, spaces, punctuation) and hashed; null when too short to compare. */
export function textKeyOf(text: string): string | null {
  const folded = text
    .normalize("NFKC")
    .toLocaleLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, " ")
    .trim();
  if (folded.length < REVIEW_REPEATED_TEXT_MIN) return null;
  return createHash("sha256").update(folded).digest("hex").slice(0, 32);
}

type SaveBody = z.output<typeof reviewSaveBodySchema>;

export async function saveReview(
  db: Database,
  storeId: number,
  account: CustomerRow,
  body: SaveBody,
  locale: Locale,
): Promise<OwnReview> {
  const customer = customerOnly(account);
  await shopProduct(db, storeId, body.productId);
  const receipt = await receiptOf(db, storeId, customer.id, body.productId);
  if (receipt === "notBought") throw new ApiError("REVIEW_NOT_BOUGHT");
  if (receipt === "notReceived") throw new ApiError("REVIEW_NOT_RECEIVED");
  await throttle(db, `review:customer:${storeId}:${customer.id}`, REVIEW_THROTTLES.reviews);
  const settings = await settingsOf(db, storeId);
  const textKey = textKeyOf(`${body.title} ${body.text}`);
  const row = await db
    .transaction(async (tx) => {
      // The caller's review of the product, locked: one writer at a time per customer and product.
      // Two first saves at once (a double click) find none to lock: the second meets the unique
      // index (product_reviews_one_per_customer_uq), answered below as the review already written.
      const [existing] = await tx
        .select()
        .from(productReviews)
        .where(
          and(
            eq(productReviews.storeId, storeId),
            eq(productReviews.productId, body.productId),
            eq(productReviews.customerId, customer.id),
          ),
        )
        .for("update");
      if (existing && body.reviewId !== existing.id)
        throw new ApiError("REVIEW_ALREADY_WRITTEN", undefined, undefined, { reviewId: existing.id });
      if (!existing && body.reviewId !== undefined) throw new ApiError("REVIEW_NOT_FOUND");
      const repeated =
        textKey !== null &&
        (
          await tx
            .select({ productId: productReviews.productId })
            .from(productReviews)
            .where(
              and(
                eq(productReviews.storeId, storeId),
                eq(productReviews.textKey, textKey),
                ne(productReviews.productId, body.productId),
              ),
            )
            .groupBy(productReviews.productId)
            .limit(REVIEW_REPEATED_TEXT_PRODUCTS)
        ).length >= REVIEW_REPEATED_TEXT_PRODUCTS;
      // Staff's hide stands through an edit; reports' hide too (staff decide). Otherwise the rules
      // of a new review apply again to the edited text.
      const hiddenByStaffOrReports = existing?.state === "hidden";
      const state: ReviewState = hiddenByStaffOrReports
        ? "hidden"
        : repeated || settings.moderateFirst
          ? "pending"
          : "published";
      const holdReason = hiddenByStaffOrReports
        ? existing.holdReason
        : repeated
          ? "repeatedText"
          : settings.moderateFirst
            ? "moderation"
            : null;
      const values = {
        rating: body.rating,
        title: body.title,
        text: body.text,
        textKey,
        language: locale,
        state,
        holdReason,
      };
      const [saved] = existing
        ? await tx
            .update(productReviews)
            .set({ ...values, editedAt: sql`now()`, updatedAt: sql`now()` })
            .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, existing.id)))
            .returning()
        : await tx
            .insert(productReviews)
            .values({ storeId, productId: body.productId, customerId: customer.id, ...values })
            .returning();
      if (!saved) throw new Error("review not saved");
      await attachPhotos(tx, storeId, customer.id, saved.id, body.photoIds);
      await moveRating(
        tx,
        storeId,
        body.productId,
        existing?.state === "published" ? existing.rating : null,
        saved.state === "published" ? saved.rating : null,
      );
      return saved;
    })
    .catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      const [written] = await db
        .select({ id: productReviews.id })
        .from(productReviews)
        .where(
          and(
            eq(productReviews.storeId, storeId),
            eq(productReviews.productId, body.productId),
            eq(productReviews.customerId, customer.id),
          ),
        );
      throw new ApiError("REVIEW_ALREADY_WRITTEN", undefined, undefined, { reviewId: written?.id });
    });
  return ownReview(db, storeId, customer, row);
}

/** The review shows exactly `photoIds`, in order: the caller's own uploads, free or already its own. */
async function attachPhotos(
  tx: Database,
  storeId: number,
  customerId: number,
  reviewId: number,
  photoIds: number[],
) {
  const ids = [...new Set(photoIds)];
  if (ids.length > 0) {
    const usable = await tx
      .select({ id: reviewPhotos.id })
      .from(reviewPhotos)
      .where(
        and(
          eq(reviewPhotos.storeId, storeId),
          eq(reviewPhotos.customerId, customerId),
          inArray(reviewPhotos.id, ids),
          sql`(${reviewPhotos.reviewId} IS NULL OR ${reviewPhotos.reviewId} = ${reviewId})`,
        ),
      )
      .for("update");
    if (usable.length !== ids.length) throw new ApiError("REVIEW_PHOTO_UNKNOWN");
  }
  // Photos left out are let go (they stay the customer's uploads, on no review).
  await tx
    .update(reviewPhotos)
    .set({ reviewId: null })
    .where(
      and(
        eq(reviewPhotos.storeId, storeId),
        eq(reviewPhotos.reviewId, reviewId),
        ids.length > 0 ? sql`NOT (${reviewPhotos.id} = ANY(${sql.param(ids)}::int[]))` : undefined,
      ),
    );
  for (const [position, id] of ids.entries())
    await tx
      .update(reviewPhotos)
      .set({ reviewId, position })
      .where(and(eq(reviewPhotos.storeId, storeId), eq(reviewPhotos.id, id)));
}

export async function deleteReview(db: Database, storeId: number, account: CustomerRow, reviewId: number) {
  const customer = customerOnly(account);
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(productReviews)
      .where(
        and(
          eq(productReviews.storeId, storeId),
          eq(productReviews.id, reviewId),
          eq(productReviews.customerId, customer.id),
        ),
      )
      .returning();
    if (!gone) throw new ApiError("REVIEW_NOT_FOUND");
    await tx
      .delete(reviewPhotos)
      .where(and(eq(reviewPhotos.storeId, storeId), eq(reviewPhotos.reviewId, reviewId)));
    if (gone.state === "published") await moveRating(tx, storeId, gone.productId, gone.rating, null);
  });
  return { deleted: true as const };
}

/* ---------------------------------------------------------------- photos */

const MAX_INPUT_PIXELS = 60_000_000;
const WEBP_QUALITY = 82;

/**
 * A shopper's photo: read by sharp (anything it cannot read as PNG, JPEG or WebP is refused),
 * turned upright and re-encoded as WebP without metadata — EXIF with its GPS position is dropped,
 * because no withMetadata() is asked — at most REVIEW_PHOTO_MAX_SIDE pixels a side.
 */
export async function keptPhoto(base64: string): Promise<{ bytes: Buffer; width: number; height: number }> {
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) throw new ApiError("REVIEW_PHOTO_UNREADABLE");
  if (bytes.length > REVIEW_PHOTO_MAX_BYTES) throw new ApiError("PAYLOAD_TOO_LARGE");
  try {
    const picture = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await picture.metadata();
    if (!meta.format || !["png", "jpeg", "webp"].includes(meta.format)) throw new Error(meta.format);
    const { data, info } = await picture
      .rotate()
      .resize({
        width: REVIEW_PHOTO_MAX_SIDE,
        height: REVIEW_PHOTO_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new ApiError("REVIEW_PHOTO_UNREADABLE");
  }
}

export async function uploadPhoto(
  db: Database,
  media: MediaStorage,
  storeId: number,
  account: CustomerRow,
  body: z.output<typeof reviewPhotoUploadBodySchema>,
): Promise<ReviewPhoto> {
  const customer = customerOnly(account);
  await throttle(db, `review-photo:customer:${storeId}:${customer.id}`, REVIEW_THROTTLES.photos);
  const photo = await keptPhoto(body.image);
  const name = `review-${createHash("sha256").update(photo.bytes).digest("hex").slice(0, 32)}.webp`;
  // Kept with the shop's media, served by the shop media path like product pictures.
  await media.put(shopMediaKey(storeId, name), photo.bytes, "image/webp");
  const [row] = await db
    .insert(reviewPhotos)
    .values({
      storeId,
      customerId: customer.id,
      url: shopMediaUrl(storeId, name),
      width: photo.width,
      height: photo.height,
    })
    .returning();
  if (!row) throw new Error("photo not kept");
  return { id: row.id, url: row.url, width: row.width, height: row.height };
}

/* ---------------------------------------------------------------- questions */

async function answersOf(db: Database, storeId: number, questionIds: number[]) {
  const byQuestion = new Map<number, Answer[]>();
  if (questionIds.length === 0) return byQuestion;
  const rows = await db
    .select({ answer: questionAnswers })
    .from(questionAnswers)
    .where(
      and(
        eq(questionAnswers.storeId, storeId),
        inArray(questionAnswers.questionId, questionIds),
        eq(questionAnswers.hidden, false),
      ),
    )
    .orderBy(asc(questionAnswers.createdAt), asc(questionAnswers.id));
  const names = await customerNames(
    db,
    storeId,
    rows.flatMap((r) => (r.answer.customerId === null ? [] : [r.answer.customerId])),
  );
  for (const { answer } of rows) {
    const { firstName, lastName } = names.get(answer.customerId ?? 0) ?? NOBODY;
    const list = byQuestion.get(answer.questionId) ?? [];
    const byStaff = answer.staffId !== null;
    list.push({
      id: answer.id,
      text: answer.text,
      byStaff,
      authorName: byStaff ? "" : authorName(firstName, lastName),
      createdAt: answer.createdAt.toISOString(),
    });
    byQuestion.set(answer.questionId, list);
  }
  return byQuestion;
}

export { NOBODY, productNames };

export function questionOf(
  row: ProductQuestionRow,
  author: { firstName: string; lastName: string },
  answers: Answer[],
): Question {
  return {
    id: row.id,
    productId: row.productId,
    text: row.text,
    language: row.language,
    authorName: authorName(author.firstName, author.lastName),
    createdAt: row.createdAt.toISOString(),
    answers,
  };
}

export async function productQuestionPage(
  db: Database,
  storeId: number,
  productId: number,
  query: { page: number; limit: number },
  locale: Locale,
): Promise<QuestionPage> {
  await shopProduct(db, storeId, productId);
  const shown = and(
    eq(productQuestions.storeId, storeId),
    eq(productQuestions.productId, productId),
    eq(productQuestions.state, "answered"),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ question: productQuestions })
      .from(productQuestions)
      .where(shown)
      .orderBy(
        desc(sql`${productQuestions.language} = ${locale}`),
        desc(productQuestions.answeredAt),
        desc(productQuestions.id),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(productQuestions).where(shown),
  ]);
  const [answers, names] = await Promise.all([
    answersOf(
      db,
      storeId,
      rows.map((r) => r.question.id),
    ),
    customerNames(
      db,
      storeId,
      rows.map((r) => r.question.customerId),
    ),
  ]);
  const total = count?.n ?? 0;
  return {
    records: rows.map((r) =>
      questionOf(r.question, names.get(r.question.customerId) ?? NOBODY, answers.get(r.question.id) ?? []),
    ),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.limit)),
    per_page: query.limit,
    total,
    total_is_lower_bound: false,
  };
}

export async function askQuestion(
  db: Database,
  storeId: number,
  account: CustomerRow,
  body: z.output<typeof questionAskBodySchema>,
  locale: Locale,
): Promise<OwnQuestion> {
  const customer = customerOnly(account);
  await shopProduct(db, storeId, body.productId);
  await throttle(db, `question:customer:${storeId}:${customer.id}`, REVIEW_THROTTLES.questions);
  const [row] = await db
    .insert(productQuestions)
    .values({
      storeId,
      productId: body.productId,
      customerId: customer.id,
      text: body.text,
      language: locale,
    })
    .returning();
  if (!row) throw new Error("question not kept");
  return { ...questionOf(row, customer, []), state: row.state };
}

export async function visibleQuestion(db: Database, storeId: number, questionId: number) {
  const [row] = await db
    .select()
    .from(productQuestions)
    .where(and(eq(productQuestions.storeId, storeId), eq(productQuestions.id, questionId)));
  if (!row || row.state === "hidden") throw new ApiError("QUESTION_NOT_FOUND");
  return row;
}

/**
 * Writes an answer and marks the question answered, in one transaction; `also` writes what goes
 * with it in the same transaction (staff's audit row).
 */
export async function addAnswer(
  db: Database,
  storeId: number,
  question: ProductQuestionRow,
  by: { customerId: number } | { staffId: number },
  text: string,
  also?: (tx: Database) => Promise<void>,
): Promise<ProductQuestionRow> {
  return db.transaction(async (tx) => {
    await tx.insert(questionAnswers).values({ storeId, questionId: question.id, text, ...by });
    const [row] = await tx
      .update(productQuestions)
      .set({
        state: "answered",
        answeredAt: sql`coalesce(${productQuestions.answeredAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(productQuestions.storeId, storeId),
          eq(productQuestions.id, question.id),
          ne(productQuestions.state, "hidden"),
        ),
      )
      .returning();
    if (!row) throw new ApiError("QUESTION_NOT_FOUND");
    await also?.(tx);
    return row;
  });
}

export async function answerAsBuyer(
  db: Database,
  storeId: number,
  account: CustomerRow,
  body: z.output<typeof answerBodySchema>,
): Promise<OwnQuestion> {
  const customer = customerOnly(account);
  const question = await visibleQuestion(db, storeId, body.questionId);
  const settings = await settingsOf(db, storeId);
  if (!settings.buyersMayAnswer) throw new ApiError("ANSWER_NOT_ALLOWED");
  if ((await receiptOf(db, storeId, customer.id, question.productId)) !== "received")
    throw new ApiError("ANSWER_NOT_ALLOWED");
  await throttle(db, `question:customer:${storeId}:${customer.id}`, REVIEW_THROTTLES.questions);
  const row = await addAnswer(db, storeId, question, { customerId: customer.id }, body.text);
  const asker = await customerById(db, storeId, row.customerId);
  const answers = await answersOf(db, storeId, [row.id]);
  return {
    ...questionOf(row, asker ?? NOBODY, answers.get(row.id) ?? []),
    state: row.state,
  };
}

/* ---------------------------------------------------------------- abuse reports */

/** What a report points at, if it is shown in this shop now: its product, and whether it is hidden. */
async function reportedThing(db: Database, storeId: number, target: AbuseReportBody["target"], id: number) {
  if (target === "review") {
    const [row] = await db
      .select({ productId: productReviews.productId, state: productReviews.state })
      .from(productReviews)
      .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, id)));
    return row && row.state === "published" ? { productId: row.productId } : null;
  }
  if (target === "photo") {
    const [row] = await db
      .select({
        productId: productReviews.productId,
        state: productReviews.state,
        hidden: reviewPhotos.hidden,
      })
      .from(reviewPhotos)
      .innerJoin(
        productReviews,
        and(eq(productReviews.storeId, reviewPhotos.storeId), eq(productReviews.id, reviewPhotos.reviewId)),
      )
      .where(and(eq(reviewPhotos.storeId, storeId), eq(reviewPhotos.id, id)));
    return row && row.state === "published" && !row.hidden ? { productId: row.productId } : null;
  }
  if (target === "question") {
    const [row] = await db
      .select({ productId: productQuestions.productId, state: productQuestions.state })
      .from(productQuestions)
      .where(and(eq(productQuestions.storeId, storeId), eq(productQuestions.id, id)));
    return row && row.state === "answered" ? { productId: row.productId } : null;
  }
  const [row] = await db
    .select({
      productId: productQuestions.productId,
      state: productQuestions.state,
      hidden: questionAnswers.hidden,
    })
    .from(questionAnswers)
    .innerJoin(
      productQuestions,
      and(
        eq(productQuestions.storeId, questionAnswers.storeId),
        eq(productQuestions.id, questionAnswers.questionId),
      ),
    )
    .where(and(eq(questionAnswers.storeId, storeId), eq(questionAnswers.id, id)));
  return row && row.state === "answered" && !row.hidden ? { productId: row.productId } : null;
}

/** Hide (or show again) what a report points at; a review's rating follows in the same transaction. */
export async function setHidden(
  tx: Database,
  storeId: number,
  target: AbuseReportBody["target"],
  id: number,
  hidden: boolean,
  holdReason: "reports" | "staff" = "reports",
): Promise<void> {
  if (target === "review") {
    const [before] = await tx
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, id)))
      .for("update");
    if (!before) return;
    if (hidden && before.state !== "hidden") {
      await tx
        .update(productReviews)
        .set({ state: "hidden", holdReason, updatedAt: sql`now()` })
        .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, id)));
      if (before.state === "published") await moveRating(tx, storeId, before.productId, before.rating, null);
    } else if (!hidden && before.state === "hidden" && before.holdReason === "reports") {
      await tx
        .update(productReviews)
        .set({ state: "published", holdReason: null, updatedAt: sql`now()` })
        .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, id)));
      await moveRating(tx, storeId, before.productId, null, before.rating);
    }
    return;
  }
  if (target === "photo") {
    await tx
      .update(reviewPhotos)
      .set({ hidden })
      .where(and(eq(reviewPhotos.storeId, storeId), eq(reviewPhotos.id, id)));
    return;
  }
  if (target === "answer") {
    await tx
      .update(questionAnswers)
      .set({ hidden })
      .where(and(eq(questionAnswers.storeId, storeId), eq(questionAnswers.id, id)));
    return;
  }
  await tx
    .update(productQuestions)
    .set(
      hidden
        ? { state: "hidden", stateBeforeHidden: sql`${productQuestions.state}`, updatedAt: sql`now()` }
        : {
            state: sql`coalesce(${productQuestions.stateBeforeHidden}, 'open')`,
            stateBeforeHidden: null,
            updatedAt: sql`now()`,
          },
    )
    .where(
      and(
        eq(productQuestions.storeId, storeId),
        eq(productQuestions.id, id),
        hidden ? ne(productQuestions.state, "hidden") : eq(productQuestions.state, "hidden"),
      ),
    );
}

/**
 * A shopper's report. One row per shopper and thing (a second report by the same shopper changes
 * nothing); once ABUSE_REPORTS_TO_HIDE different shoppers have open reports on it, it is hidden
 * until staff decide. The count and the hide run under the thing's report lock (an advisory
 * transaction lock), so the third report hides it exactly once.
 */
export async function reportAbuse(
  db: Database,
  storeId: number,
  account: CustomerRow,
  body: z.output<typeof abuseReportBodySchema>,
): Promise<{ reported: true }> {
  const customer = customerOnly(account);
  await throttle(db, `report:customer:${storeId}:${customer.id}`, REVIEW_THROTTLES.reports);
  const thing = await reportedThing(db, storeId, body.target, body.targetId);
  if (!thing) throw new ApiError("REPORT_TARGET_NOT_FOUND");
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`abuse:${storeId}:${body.target}:${body.targetId}`}))`,
    );
    const inserted = await tx
      .insert(abuseReports)
      .values({
        storeId,
        target: body.target,
        targetId: body.targetId,
        productId: thing.productId,
        reporterId: customer.id,
        reason: body.reason,
        text: body.text,
      })
      .onConflictDoNothing()
      .returning({ id: abuseReports.id });
    if (inserted.length === 0) return;
    const [open] = await tx
      .select({ n: sql<number>`count(DISTINCT ${abuseReports.reporterId})::int` })
      .from(abuseReports)
      .where(
        and(
          eq(abuseReports.storeId, storeId),
          eq(abuseReports.target, body.target),
          eq(abuseReports.targetId, body.targetId),
          eq(abuseReports.state, "open"),
        ),
      );
    if ((open?.n ?? 0) >= ABUSE_REPORTS_TO_HIDE)
      await setHidden(tx, storeId, body.target, body.targetId, true);
  });
  return { reported: true };
}
