import type {
  AbuseReason,
  AbuseReportState,
  AbuseTarget,
  Locale,
  ModerationReason,
  QuestionState,
  ReviewHoldReason,
  ReviewState,
} from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";
import { stores } from "../stores/tables.ts";

/** A shop's review rules (decision 068). No row: the defaults (publish at once, no email). */
export const reviewSettings = pgTable("review_settings", {
  storeId: integer("store_id")
    .primaryKey()
    .references(() => stores.id),
  moderateFirst: boolean("moderate_first").notNull().default(false),
  buyersMayAnswer: boolean("buyers_may_answer").notNull().default(true),
  requestEmail: boolean("request_email").notNull().default(false),
  requestDelayDays: integer("request_delay_days").notNull().default(5),
  ...timestamps,
});

/**
 * Reviews: one per customer and product (the second is an edit). Texts are kept as typed. Only
 * `published` ones are served to shoppers and counted in product_ratings.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    productId: integer("product_id").notNull(),
    customerId: integer("customer_id").notNull(),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    text: text("text").notNull().default(""),
    /** The text folded (case, spaces, punctuation) and hashed: finds the same text on other products. */
    textKey: text("text_key"),
    language: text("language").$type<Locale>().notNull(),
    state: text("state").$type<ReviewState>().notNull(),
    holdReason: text("hold_reason").$type<ReviewHoldReason>(),
    moderationReason: text("moderation_reason").$type<ModerationReason>(),
    moderationNote: text("moderation_note"),
    replyText: text("reply_text"),
    replyAt: timestamp("reply_at", { withTimezone: true }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("product_reviews_one_per_customer_uq").on(t.storeId, t.productId, t.customerId),
    index("product_reviews_product_state_idx").on(t.storeId, t.productId, t.state, t.createdAt),
    index("product_reviews_store_state_idx").on(t.storeId, t.state, t.createdAt),
    index("product_reviews_text_key_idx").on(t.storeId, t.textKey).where(sql`text_key IS NOT NULL`),
    check("product_reviews_rating_ck", sql`rating BETWEEN 1 AND 5`),
  ],
);
export type ProductReviewRow = typeof productReviews.$inferSelect;

/** A review's photos: uploaded first (no review yet), then named by the review that shows them. */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    customerId: integer("customer_id").notNull(),
    reviewId: integer("review_id"),
    position: integer("position").notNull().default(0),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("review_photos_review_idx").on(t.storeId, t.reviewId, t.position),
  ],
);
export type ReviewPhotoRow = typeof reviewPhotos.$inferSelect;

/**
 * A product's rating figures over its PUBLISHED reviews: changed in the same transaction as the
 * review, by one atomic UPDATE of +/- deltas, so concurrent reviews never lose one.
 */
export const productRatings = pgTable(
  "product_ratings",
  {
    storeId: integer("store_id").notNull(),
    productId: integer("product_id").notNull(),
    count: integer("count").notNull().default(0),
    sum: integer("sum").notNull().default(0),
    stars1: integer("stars1").notNull().default(0),
    stars2: integer("stars2").notNull().default(0),
    stars3: integer("stars3").notNull().default(0),
    stars4: integer("stars4").notNull().default(0),
    stars5: integer("stars5").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.productId] }),
    check("product_ratings_count_ck", sql`count >= 0 AND count = stars1 + stars2 + stars3 + stars4 + stars5`),
  ],
);
export type ProductRatingRow = typeof productRatings.$inferSelect;

/** Questions about a product: shown once answered. */
export const productQuestions = pgTable(
  "product_questions",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    productId: integer("product_id").notNull(),
    customerId: integer("customer_id").notNull(),
    text: text("text").notNull(),
    language: text("language").$type<Locale>().notNull(),
    state: text("state").$type<QuestionState>().notNull().default("open"),
    /** The state before reports (or staff) hid it, to go back to on dismissal. */
    stateBeforeHidden: text("state_before_hidden").$type<QuestionState>(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("product_questions_product_idx").on(t.storeId, t.productId, t.state, t.createdAt),
    index("product_questions_state_idx").on(t.storeId, t.state, t.createdAt),
  ],
);
export type ProductQuestionRow = typeof productQuestions.$inferSelect;

/** An answer: the shop's (staffId) or a verified buyer's (customerId). */
export const questionAnswers = pgTable(
  "question_answers",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    questionId: integer("question_id").notNull(),
    customerId: integer("customer_id"),
    staffId: integer("staff_id"),
    text: text("text").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("question_answers_question_idx").on(t.storeId, t.questionId, t.createdAt),
  ],
);

/**
 * Abuse reports: one per shopper and thing reported (a storm by one shopper is one report), so
 * "reported by N different shoppers" is a count of open rows.
 */
export const abuseReports = pgTable(
  "abuse_reports",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    target: text("target").$type<AbuseTarget>().notNull(),
    targetId: integer("target_id").notNull(),
    productId: integer("product_id").notNull(),
    reporterId: integer("reporter_id").notNull(),
    reason: text("reason").$type<AbuseReason>().notNull(),
    text: text("text").notNull().default(""),
    state: text("state").$type<AbuseReportState>().notNull().default("open"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("abuse_reports_one_per_reporter_uq").on(t.storeId, t.target, t.targetId, t.reporterId),
    index("abuse_reports_state_idx").on(t.storeId, t.state, t.createdAt),
  ],
);
export type AbuseReportRow = typeof abuseReports.$inferSelect;

/** The review request email of a delivered order: a row claims it, so it is sent once. */
export const reviewRequests = pgTable(
  "review_requests",
  {
    storeId: integer("store_id").notNull(),
    orderId: integer("order_id").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.orderId] })],
);
