import {
  localized,
  type Paginated,
  type ReviewSettings,
  STAFF_REVIEWS_PAGE_SIZE,
  type StaffAbuseReport,
  type StaffModerationCounts,
  type StaffProductRating,
  type StaffQuestion,
  type StaffReview,
  type staffAbuseReportDecideBodySchema,
  type staffAbuseReportListBodySchema,
  type staffProductRatingsBodySchema,
  type staffQuestionDecideBodySchema,
  type staffQuestionListBodySchema,
  type staffReviewDecideBodySchema,
  type staffReviewListBodySchema,
  type staffReviewPhotoBodySchema,
} from "@stoa/contract";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { productNames } from "../catalogue/product-refs.ts";
import { customerNames } from "../customers/service.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { moveRating, summaryOf } from "./ratings.ts";
import {
  addAnswer,
  authorName,
  questionOf,
  reviewOf,
  setHidden,
  settingsOf,
  visibleQuestion,
} from "./service.ts";
import {
  abuseReports,
  productQuestions,
  productRatings,
  productReviews,
  questionAnswers,
  reviewPhotos,
  reviewSettings,
} from "./tables.ts";

/* The console's side (decision 068): every change writes an audit row in its transaction. */

type Staff = { storeId: number; staffId: number };
const page = <T>(records: T[], total: number, at: number): Paginated<T> => ({
  records,
  current_page: at,
  last_page: Math.max(1, Math.ceil(total / STAFF_REVIEWS_PAGE_SIZE)),
  per_page: STAFF_REVIEWS_PAGE_SIZE,
  total,
  total_is_lower_bound: false,
});
type Names = {
  products: Map<number, Record<string, string>>;
  customers: Awaited<ReturnType<typeof customerNames>>;
};
/** The products and customers some rows name, read from their modules in two statements. */
async function namesOf(
  db: Database,
  storeId: number,
  productIds: number[],
  customerIds: number[],
): Promise<Names> {
  const [productMap, customerMap] = await Promise.all([
    productNames(db, storeId, productIds),
    customerNames(db, storeId, customerIds),
  ]);
  return { products: productMap, customers: customerMap };
}
const productRef = (names: Names, id: number) => {
  const nameLocalizations = names.products.get(id) ?? {};
  return { id, name: localized(nameLocalizations, "en"), nameLocalizations };
};
const customerRef = (names: Names, id: number) => {
  const c = names.customers.get(id);
  return { id, name: c ? `${c.firstName} ${c.lastName}`.trim() : "", email: c?.email ?? null };
};
const authorOf = (names: Names, id: number) => names.customers.get(id) ?? { firstName: "", lastName: "" };

export async function saveSettings(db: Database, { storeId, staffId }: Staff, body: ReviewSettings) {
  return db.transaction(async (tx) => {
    const before = await settingsOf(tx, storeId);
    await tx
      .insert(reviewSettings)
      .values({ storeId, ...body })
      .onConflictDoUpdate({ target: reviewSettings.storeId, set: { ...body, updatedAt: sql`now()` } });
    await recordChange(tx, {
      storeId,
      staffId,
      action: "settings.reviews",
      subject: `store:${storeId}`,
      before,
      after: body,
    });
    return body;
  });
}

export async function moderationCounts(db: Database, storeId: number): Promise<StaffModerationCounts> {
  const [row] = await db
    .execute(sql`
    SELECT
      (SELECT count(*)::int FROM ${productReviews} WHERE ${productReviews.storeId} = ${storeId} AND ${productReviews.state} = 'pending') AS pending_reviews,
      (SELECT count(*)::int FROM ${abuseReports} WHERE ${abuseReports.storeId} = ${storeId} AND ${abuseReports.state} = 'open') AS open_reports,
      (SELECT count(*)::int FROM ${productQuestions} WHERE ${productQuestions.storeId} = ${storeId} AND ${productQuestions.state} = 'open') AS open_questions`)
    .then(
      (r) =>
        (
          r as unknown as {
            rows: { pending_reviews: number; open_reports: number; open_questions: number }[];
          }
        ).rows,
    );
  return {
    pendingReviews: row?.pending_reviews ?? 0,
    openReports: row?.open_reports ?? 0,
    openQuestions: row?.open_questions ?? 0,
  };
}

const openReportsOf = (
  target: "review" | "question",
  id: typeof productReviews.id | typeof productQuestions.id,
) =>
  sql<number>`(SELECT count(*)::int FROM ${abuseReports} a WHERE a.store_id = ${productReviews.storeId} AND a.target = ${target} AND a.target_id = ${id} AND a.state = 'open')`;

async function staffReviewsWhere(
  db: Database,
  storeId: number,
  where: ReturnType<typeof and>,
  at: number,
  order: "asc" | "desc",
) {
  const base = db
    .select({
      review: productReviews,
      openReports: openReportsOf("review", productReviews.id),
    })
    .from(productReviews)
    .where(where)
    .orderBy(
      order === "asc" ? asc(productReviews.createdAt) : desc(productReviews.createdAt),
      asc(productReviews.id),
    )
    .limit(STAFF_REVIEWS_PAGE_SIZE)
    .offset((at - 1) * STAFF_REVIEWS_PAGE_SIZE);
  const [rows, [count]] = await Promise.all([
    base,
    db.select({ n: sql<number>`count(*)::int` }).from(productReviews).where(where),
  ]);
  const ids = rows.map((r) => r.review.id);
  const photos =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(reviewPhotos)
          .where(and(eq(reviewPhotos.storeId, storeId), inArray(reviewPhotos.reviewId, ids)))
          .orderBy(asc(reviewPhotos.position));
  const names = await namesOf(
    db,
    storeId,
    rows.map((r) => r.review.productId),
    rows.map((r) => r.review.customerId),
  );
  const records: StaffReview[] = rows.map(({ review, openReports }) => {
    const own = photos.filter((p) => p.reviewId === review.id);
    return {
      ...reviewOf(
        review,
        authorOf(names, review.customerId),
        own.map((p) => ({ id: p.id, url: p.url, width: p.width, height: p.height })),
      ),
      state: review.state,
      holdReason: review.holdReason,
      moderationReason: review.moderationReason,
      moderationNote: review.moderationNote,
      product: productRef(names, review.productId),
      customer: customerRef(names, review.customerId),
      openReports,
      hiddenPhotoIds: own.filter((p) => p.hidden).map((p) => p.id),
    };
  });
  return page(records, count?.n ?? 0, at);
}

export async function staffReviewList(
  db: Database,
  storeId: number,
  body: z.output<typeof staffReviewListBodySchema>,
) {
  const ofProduct = body.productId ? eq(productReviews.productId, body.productId) : undefined;
  const where =
    body.state === "reported"
      ? and(
          eq(productReviews.storeId, storeId),
          ofProduct,
          sql`(EXISTS (SELECT 1 FROM ${abuseReports} a WHERE a.store_id = ${productReviews.storeId} AND a.state = 'open' AND ((a.target = 'review' AND a.target_id = ${productReviews.id}) OR (a.target = 'photo' AND a.target_id IN (SELECT p.id FROM ${reviewPhotos} p WHERE p.store_id = ${productReviews.storeId} AND p.review_id = ${productReviews.id})))))`,
        )
      : and(eq(productReviews.storeId, storeId), ofProduct, eq(productReviews.state, body.state));
  return staffReviewsWhere(
    db,
    storeId,
    where,
    body.page,
    body.state === "pending" || body.state === "reported" ? "asc" : "desc",
  );
}

export async function staffReview(db: Database, storeId: number, reviewId: number): Promise<StaffReview> {
  const found = await staffReviewsWhere(
    db,
    storeId,
    and(eq(productReviews.storeId, storeId), eq(productReviews.id, reviewId)),
    1,
    "asc",
  );
  const review = found.records[0];
  if (!review) throw new ApiError("REVIEW_NOT_FOUND");
  return review;
}

/** Closes the open reports on one thing; how many. */
async function closeReports(
  tx: Database,
  storeId: number,
  target: string,
  id: number,
  state: "upheld" | "dismissed",
) {
  const closed = await tx
    .update(abuseReports)
    .set({ state, decidedAt: sql`now()` })
    .where(
      and(
        eq(abuseReports.storeId, storeId),
        sql`${abuseReports.target} = ${target}`,
        eq(abuseReports.targetId, id),
        eq(abuseReports.state, "open"),
      ),
    )
    .returning({ id: abuseReports.id });
  return closed.length;
}

export async function decideReview(
  db: Database,
  { storeId, staffId }: Staff,
  body: z.output<typeof staffReviewDecideBodySchema>,
): Promise<StaffReview> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, body.reviewId)))
      .for("update");
    if (!before) throw new ApiError("REVIEW_NOT_FOUND");
    const publish = body.decision === "publish";
    // Publishing is for a review waiting or hidden; one shown already was published meanwhile.
    if (publish && before.state === "published") throw new ApiError("MODERATION_ALREADY_SHOWN");
    const [after] = await tx
      .update(productReviews)
      .set({
        state: publish ? "published" : "hidden",
        holdReason: publish ? null : "staff",
        moderationReason: publish ? null : (body.reason ?? "other"),
        moderationNote: body.note || null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, before.id)))
      .returning();
    if (!after) throw new Error("review vanished under its lock");
    await moveRating(
      tx,
      storeId,
      before.productId,
      before.state === "published" ? before.rating : null,
      after.state === "published" ? after.rating : null,
    );
    await closeReports(tx, storeId, "review", before.id, publish ? "dismissed" : "upheld");
    await recordChange(tx, {
      storeId,
      staffId,
      action: publish ? "review.publish" : "review.hide",
      subject: `review:${before.id}`,
      before: { state: before.state },
      after: { state: after.state, reason: after.moderationReason, note: after.moderationNote },
    });
  });
  return staffReview(db, storeId, body.reviewId);
}

export async function replyToReview(
  db: Database,
  { storeId, staffId }: Staff,
  reviewId: number,
  text: string,
) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ replyText: productReviews.replyText })
      .from(productReviews)
      .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, reviewId)))
      .for("update");
    if (!before) throw new ApiError("REVIEW_NOT_FOUND");
    await tx
      .update(productReviews)
      .set(text ? { replyText: text, replyAt: sql`now()` } : { replyText: null, replyAt: null })
      .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, reviewId)));
    await recordChange(tx, {
      storeId,
      staffId,
      action: "review.reply",
      subject: `review:${reviewId}`,
      before: { reply: before.replyText },
      after: { reply: text || null },
    });
  });
  return staffReview(db, storeId, reviewId);
}

export async function decidePhoto(
  db: Database,
  { storeId, staffId }: Staff,
  body: z.output<typeof staffReviewPhotoBodySchema>,
): Promise<StaffReview> {
  const reviewId = await db.transaction(async (tx) => {
    const [photo] = await tx
      .update(reviewPhotos)
      .set({ hidden: body.hidden })
      .where(and(eq(reviewPhotos.storeId, storeId), eq(reviewPhotos.id, body.photoId)))
      .returning();
    if (!photo?.reviewId) throw new ApiError("REVIEW_NOT_FOUND");
    await closeReports(tx, storeId, "photo", photo.id, body.hidden ? "upheld" : "dismissed");
    await recordChange(tx, {
      storeId,
      staffId,
      action: body.hidden ? "review.photo.hide" : "review.photo.show",
      subject: `review:${photo.reviewId}`,
      after: { photoId: photo.id, reason: body.reason ?? null },
    });
    return photo.reviewId;
  });
  return staffReview(db, storeId, reviewId);
}

export async function abuseReportList(
  db: Database,
  storeId: number,
  body: z.output<typeof staffAbuseReportListBodySchema>,
) {
  const where = and(eq(abuseReports.storeId, storeId), eq(abuseReports.state, body.state));
  const excerpt = sql<string>`CASE ${abuseReports.target}
      WHEN 'review' THEN (SELECT r.title || ' ' || r.text FROM ${productReviews} r WHERE r.store_id = ${abuseReports.storeId} AND r.id = ${abuseReports.targetId})
      WHEN 'photo' THEN (SELECT p.url FROM ${reviewPhotos} p WHERE p.store_id = ${abuseReports.storeId} AND p.id = ${abuseReports.targetId})
      WHEN 'question' THEN (SELECT q.text FROM ${productQuestions} q WHERE q.store_id = ${abuseReports.storeId} AND q.id = ${abuseReports.targetId})
      ELSE (SELECT x.text FROM ${questionAnswers} x WHERE x.store_id = ${abuseReports.storeId} AND x.id = ${abuseReports.targetId}) END`;
  const hidden = sql<boolean>`CASE ${abuseReports.target}
      WHEN 'review' THEN (SELECT r.state = 'hidden' FROM ${productReviews} r WHERE r.store_id = ${abuseReports.storeId} AND r.id = ${abuseReports.targetId})
      WHEN 'photo' THEN (SELECT p.hidden FROM ${reviewPhotos} p WHERE p.store_id = ${abuseReports.storeId} AND p.id = ${abuseReports.targetId})
      WHEN 'question' THEN (SELECT q.state = 'hidden' FROM ${productQuestions} q WHERE q.store_id = ${abuseReports.storeId} AND q.id = ${abuseReports.targetId})
      ELSE (SELECT x.hidden FROM ${questionAnswers} x WHERE x.store_id = ${abuseReports.storeId} AND x.id = ${abuseReports.targetId}) END`;
  const reviewId = sql<number | null>`CASE ${abuseReports.target}
      WHEN 'review' THEN ${abuseReports.targetId}
      WHEN 'photo' THEN (SELECT p.review_id FROM ${reviewPhotos} p WHERE p.store_id = ${abuseReports.storeId} AND p.id = ${abuseReports.targetId}) END`;
  const questionId = sql<number | null>`CASE ${abuseReports.target}
      WHEN 'question' THEN ${abuseReports.targetId}
      WHEN 'answer' THEN (SELECT x.question_id FROM ${questionAnswers} x WHERE x.store_id = ${abuseReports.storeId} AND x.id = ${abuseReports.targetId}) END`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        report: abuseReports,
        excerpt,
        hidden,
        reviewId,
        questionId,
      })
      .from(abuseReports)
      .where(where)
      .orderBy(
        body.state === "open" ? asc(abuseReports.createdAt) : desc(abuseReports.createdAt),
        asc(abuseReports.id),
      )
      .limit(STAFF_REVIEWS_PAGE_SIZE)
      .offset((body.page - 1) * STAFF_REVIEWS_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(abuseReports).where(where),
  ]);
  const names = await namesOf(
    db,
    storeId,
    rows.map((r) => r.report.productId),
    rows.map((r) => r.report.reporterId),
  );
  const records: StaffAbuseReport[] = rows.map((r) => ({
    id: r.report.id,
    target: r.report.target,
    targetId: r.report.targetId,
    reason: r.report.reason,
    text: r.report.text,
    state: r.report.state,
    reporter: customerRef(names, r.report.reporterId),
    product: productRef(names, r.report.productId),
    reviewId: r.reviewId,
    questionId: r.questionId,
    excerpt: (r.excerpt ?? "").trim(),
    targetHidden: r.hidden ?? false,
    createdAt: r.report.createdAt.toISOString(),
    decidedAt: r.report.decidedAt?.toISOString() ?? null,
  }));
  return page(records, count?.n ?? 0, body.page);
}

export async function decideAbuseReport(
  db: Database,
  { storeId, staffId }: Staff,
  body: z.output<typeof staffAbuseReportDecideBodySchema>,
) {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(abuseReports)
      .where(and(eq(abuseReports.storeId, storeId), eq(abuseReports.id, body.reportId)))
      .for("update");
    if (!report) throw new ApiError("NOT_FOUND");
    if (report.state !== "open") throw new ApiError("REPORT_DECIDED");
    const uphold = body.decision === "uphold";
    if (uphold && report.target === "review") {
      await setHidden(tx, storeId, "review", report.targetId, true, "staff");
      await tx
        .update(productReviews)
        .set({ holdReason: "staff", moderationReason: report.reason, moderationNote: body.note || null })
        .where(and(eq(productReviews.storeId, storeId), eq(productReviews.id, report.targetId)));
    } else await setHidden(tx, storeId, report.target, report.targetId, uphold, "staff");
    const closed = await closeReports(
      tx,
      storeId,
      report.target,
      report.targetId,
      uphold ? "upheld" : "dismissed",
    );
    await recordChange(tx, {
      storeId,
      staffId,
      action: uphold ? "report.uphold" : "report.dismiss",
      subject: `${report.target}:${report.targetId}`,
      after: { reportId: report.id, closed, note: body.note || null },
    });
    return { closed, targetHidden: uphold };
  });
}

async function staffQuestionsWhere(
  db: Database,
  storeId: number,
  where: ReturnType<typeof and>,
  at: number,
  order: "asc" | "desc",
) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        question: productQuestions,
        openReports: sql<number>`(SELECT count(*)::int FROM ${abuseReports} a WHERE a.store_id = ${productQuestions.storeId} AND a.target = 'question' AND a.target_id = ${productQuestions.id} AND a.state = 'open')`,
      })
      .from(productQuestions)
      .where(where)
      .orderBy(
        order === "asc" ? asc(productQuestions.createdAt) : desc(productQuestions.createdAt),
        asc(productQuestions.id),
      )
      .limit(STAFF_REVIEWS_PAGE_SIZE)
      .offset((at - 1) * STAFF_REVIEWS_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(productQuestions).where(where),
  ]);
  const ids = rows.map((r) => r.question.id);
  const answers =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(questionAnswers)
          .where(and(eq(questionAnswers.storeId, storeId), inArray(questionAnswers.questionId, ids)))
          .orderBy(asc(questionAnswers.createdAt));
  const names = await namesOf(
    db,
    storeId,
    rows.map((r) => r.question.productId),
    [
      ...rows.map((r) => r.question.customerId),
      ...answers.flatMap((a) => (a.customerId === null ? [] : [a.customerId])),
    ],
  );
  const records: StaffQuestion[] = rows.map(({ question, openReports }) => ({
    ...questionOf(
      question,
      authorOf(names, question.customerId),
      answers
        .filter((a) => a.questionId === question.id)
        .map((a) => ({
          id: a.id,
          text: a.text,
          byStaff: a.staffId !== null,
          authorName:
            a.staffId !== null
              ? ""
              : authorName(
                  authorOf(names, a.customerId ?? 0).firstName,
                  authorOf(names, a.customerId ?? 0).lastName,
                ),
          createdAt: a.createdAt.toISOString(),
        })),
    ),
    state: question.state,
    product: productRef(names, question.productId),
    customer: customerRef(names, question.customerId),
    openReports,
  }));
  return page(records, count?.n ?? 0, at);
}

export function staffQuestionList(
  db: Database,
  storeId: number,
  body: z.output<typeof staffQuestionListBodySchema>,
) {
  return staffQuestionsWhere(
    db,
    storeId,
    and(
      eq(productQuestions.storeId, storeId),
      eq(productQuestions.state, body.state),
      body.productId ? eq(productQuestions.productId, body.productId) : undefined,
    ),
    body.page,
    body.state === "open" ? "asc" : "desc",
  );
}

async function staffQuestion(db: Database, storeId: number, questionId: number): Promise<StaffQuestion> {
  const found = await staffQuestionsWhere(
    db,
    storeId,
    and(eq(productQuestions.storeId, storeId), eq(productQuestions.id, questionId)),
    1,
    "asc",
  );
  const question = found.records[0];
  if (!question) throw new ApiError("QUESTION_NOT_FOUND");
  return question;
}

export async function answerAsShop(
  db: Database,
  { storeId, staffId }: Staff,
  questionId: number,
  text: string,
) {
  const question = await visibleQuestion(db, storeId, questionId);
  await addAnswer(db, storeId, question, { staffId }, text, (tx) =>
    recordChange(tx, {
      storeId,
      staffId,
      action: "question.answer",
      subject: `question:${questionId}`,
      before: { state: question.state },
      after: { state: "answered", text },
    }),
  );
  return staffQuestion(db, storeId, questionId);
}

export async function decideQuestion(
  db: Database,
  { storeId, staffId }: Staff,
  body: z.output<typeof staffQuestionDecideBodySchema>,
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: productQuestions.id,
        state: productQuestions.state,
        stateBeforeHidden: productQuestions.stateBeforeHidden,
      })
      .from(productQuestions)
      .where(and(eq(productQuestions.storeId, storeId), eq(productQuestions.id, body.questionId)))
      .for("update");
    if (!row) throw new ApiError("QUESTION_NOT_FOUND");
    const hide = body.decision === "hide";
    // Showing is for a hidden question; one shown already was shown again meanwhile.
    if (!hide && row.state !== "hidden") throw new ApiError("MODERATION_ALREADY_SHOWN");
    await setHidden(tx, storeId, "question", row.id, hide, "staff");
    await closeReports(tx, storeId, "question", row.id, hide ? "upheld" : "dismissed");
    await recordChange(tx, {
      storeId,
      staffId,
      action: hide ? "question.hide" : "question.show",
      subject: `question:${row.id}`,
      before: { state: row.state },
      after: {
        state: hide ? "hidden" : (row.stateBeforeHidden ?? "open"),
        reason: hide ? (body.reason ?? null) : null,
      },
    });
  });
  return staffQuestion(db, storeId, body.questionId);
}

export async function productRatingList(
  db: Database,
  storeId: number,
  body: z.output<typeof staffProductRatingsBodySchema>,
) {
  const where = and(eq(productRatings.storeId, storeId), sql`${productRatings.count} > 0`);
  const average = sql`${productRatings.sum}::float / ${productRatings.count}`;
  const order =
    body.sort === "count"
      ? [desc(productRatings.count)]
      : body.sort === "lowest"
        ? [asc(average)]
        : [desc(average)];
  const [rows, [count]] = await Promise.all([
    db
      .select({
        rating: productRatings,
        pending: sql<number>`(SELECT count(*)::int FROM ${productReviews} r WHERE r.store_id = ${productRatings.storeId} AND r.product_id = ${productRatings.productId} AND r.state = 'pending')`,
        hidden: sql<number>`(SELECT count(*)::int FROM ${productReviews} r WHERE r.store_id = ${productRatings.storeId} AND r.product_id = ${productRatings.productId} AND r.state = 'hidden')`,
        openQuestions: sql<number>`(SELECT count(*)::int FROM ${productQuestions} q WHERE q.store_id = ${productRatings.storeId} AND q.product_id = ${productRatings.productId} AND q.state = 'open')`,
      })
      .from(productRatings)
      .where(where)
      .orderBy(...order, asc(productRatings.productId))
      .limit(STAFF_REVIEWS_PAGE_SIZE)
      .offset((body.page - 1) * STAFF_REVIEWS_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(productRatings).where(where),
  ]);
  const names = await namesOf(
    db,
    storeId,
    rows.map((r) => r.rating.productId),
    [],
  );
  const records: StaffProductRating[] = rows.map((r) => ({
    ...summaryOf(r.rating.productId, r.rating),
    product: productRef(names, r.rating.productId),
    pending: r.pending,
    hidden: r.hidden,
    openQuestions: r.openQuestions,
  }));
  return page(records, count?.n ?? 0, body.page);
}
