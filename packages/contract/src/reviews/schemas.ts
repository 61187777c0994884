import { z } from "zod";
import { localizationsSchema } from "../catalogue/schemas.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema, idTextSchema } from "../platform/ids.ts";
import { LOCALES } from "../platform/locale.ts";
import { paginatedSchema, paginationQuerySchema } from "../platform/pagination-schemas.ts";
import {
  ABUSE_REASONS,
  ABUSE_REPORT_STATES,
  ABUSE_TARGETS,
  ABUSE_TEXT_MAX,
  ANSWER_TEXT_MAX,
  MODERATION_NOTE_MAX,
  MODERATION_REASONS,
  MY_REVIEWS_MAX,
  QUESTION_STATES,
  QUESTION_TEXT_MAX,
  QUESTION_TEXT_MIN,
  QUESTIONS_PER_PAGE,
  REVIEW_HOLD_REASONS,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_TYPES,
  REVIEW_PHOTOS_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REFUSALS,
  REVIEW_REPLY_MAX,
  REVIEW_REQUEST_DELAY_DAYS_MAX,
  REVIEW_SORTS,
  REVIEW_STATES,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  REVIEWS_PAGE_MAX,
  REVIEWS_PER_PAGE,
} from "./constants.ts";

/*
 * Wire shapes of reviews, ratings, questions and abuse reports (issue 37). Texts are plain text:
 * kept as typed (never HTML, never "cleaned"), shown escaped. Control characters are refused.
 */

// Plain text: any character but control characters (line breaks and tabs allowed).
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const noControl = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
const plainText = (max: number) =>
  z.string().trim().max(max, FIELD_ERROR_KEYS.tooLong).regex(noControl, FIELD_ERROR_KEYS.controlCharacter);

/* ---------------------------------------------------------------- ratings */

/**
 * A product's rating in full: the average (null without reviews), the count, and the spread:
 * `spread[0]` is how many gave 1 star … `spread[4]` how many gave 5. Published reviews only.
 */
export const ratingSummarySchema = z.object({
  productId: z.number().int(),
  average: z.number().nullable(),
  count: z.number().int(),
  spread: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/* ---------------------------------------------------------------- reviews */

/** A review's photo, served through the image path (and the web's optimiser). */
export const reviewPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

/** The shop's public reply under a review. */
export const reviewReplySchema = z.object({ text: z.string(), createdAt: z.iso.datetime() });

/** A review as shoppers see it: published only, its author by first name and initial. */
export const reviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** The language it was written in (the writer's locale): shoppers of that language see it first. */
  language: z.enum(LOCALES),
  photos: z.array(reviewPhotoSchema),
  /** "Dana K." — never the full name or email. */
  authorName: z.string(),
  /** Always true: only customers who received the product review it. */
  verifiedPurchase: z.literal(true),
  createdAt: z.iso.datetime(),
  /** When the writer last changed it; null when never edited. */
  editedAt: z.iso.datetime().nullable(),
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The caller's own review: as shoppers see it, plus whether it shows yet. */
export const ownReviewSchema = reviewSchema.extend({
  state: z.enum(REVIEW_STATES),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

export const productIdParamsSchema = z.object({ productId: idTextSchema });

/** `GET …/list/{productId}?sort=&page=&limit=` */
export const reviewListQuerySchema = paginationQuerySchema(REVIEWS_PER_PAGE, REVIEWS_PAGE_MAX).extend({
  sort: z.enum(REVIEW_SORTS, FIELD_ERROR_KEYS.invalid).default("newest"),
  /** Only the reviews that gave this many stars (a bar of the spread, as a filter). */
  rating: z.coerce.number(FIELD_ERROR_KEYS.invalid).int(FIELD_ERROR_KEYS.invalid).min(1).max(5).optional(),
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;
/** A page of a product's published reviews, with the product's rating summary. */
export const reviewPageSchema = paginatedSchema(reviewSchema).extend({ summary: ratingSummarySchema });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/**
 * What the product page asks for the signed-in caller: their review (to edit), whether they may
 * write one (and why not), and whether they may answer questions (a verified buyer where the shop
 * lets buyers answer).
 */
export const myReviewSchema = z.object({
  review: ownReviewSchema.nullable(),
  mayReview: z.boolean(),
  refusal: z.enum(REVIEW_REFUSALS).nullable(),
  mayAnswer: z.boolean(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** The products of an order page, whose "my review" standing the caller asks for in one call. */
export const myReviewsBodySchema = z.object({
  productIds: z
    .array(idSchema)
    .min(1, FIELD_ERROR_KEYS.required)
    .max(MY_REVIEWS_MAX, FIELD_ERROR_KEYS.tooLarge)
    .transform((ids) => [...new Set(ids)]),
});
export type MyReviewsBody = z.input<typeof myReviewsBodySchema>;
/** The caller's standing for each product asked that is the shop's (others are left out), by product. */
export const myReviewsSchema = z.object({
  records: z.array(myReviewSchema.extend({ productId: z.number().int() })),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

/**
 * Write (no `reviewId`) or edit (`reviewId` of the caller's review of that product) a review.
 * Writing a second review of one product is REVIEW_ALREADY_WRITTEN with `data.reviewId`: edit it.
 * `photoIds`: photos uploaded by the caller (upload call), in order; photos left out are removed.
 */
export const reviewSaveBodySchema = z.object({
  productId: idSchema,
  reviewId: idSchema.optional(),
  rating: z
    .number(FIELD_ERROR_KEYS.required)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(REVIEW_RATING_MIN, FIELD_ERROR_KEYS.tooSmall)
    .max(REVIEW_RATING_MAX, FIELD_ERROR_KEYS.tooLarge),
  title: plainText(REVIEW_TITLE_MAX).default(""),
  text: plainText(REVIEW_TEXT_MAX).default(""),
  photoIds: z.array(idSchema).max(REVIEW_PHOTOS_MAX, FIELD_ERROR_KEYS.imagesTooMany).default([]),
});
export type ReviewSaveBody = z.input<typeof reviewSaveBodySchema>;

export const reviewDeleteBodySchema = z.object({ reviewId: idSchema });
export const reviewDeleteSchema = z.object({ deleted: z.literal(true) });

/** A photo for a review, base64 with the type the browser named: checked again by reading it. */
export const reviewPhotoUploadBodySchema = z.object({
  image: z
    .string()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(Math.ceil(REVIEW_PHOTO_MAX_BYTES / 3) * 4, FIELD_ERROR_KEYS.imageTooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, FIELD_ERROR_KEYS.imageNotPicture),
  contentType: z.enum(REVIEW_PHOTO_TYPES, { message: FIELD_ERROR_KEYS.imageNotPicture }),
});
export type ReviewPhotoUploadBody = z.input<typeof reviewPhotoUploadBodySchema>;

/* ---------------------------------------------------------------- questions */

export const answerSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** "Shop" answers are staff's; otherwise a verified buyer's, by first name and initial. */
  byStaff: z.boolean(),
  authorName: z.string(),
  createdAt: z.iso.datetime(),
});
export type Answer = z.infer<typeof answerSchema>;

/** A question as shoppers see it: answered ones only, with their answers oldest first. */
export const questionSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  text: z.string(),
  language: z.enum(LOCALES),
  authorName: z.string(),
  createdAt: z.iso.datetime(),
  answers: z.array(answerSchema),
});
export type Question = z.infer<typeof questionSchema>;
export const ownQuestionSchema = questionSchema.extend({ state: z.enum(QUESTION_STATES) });
export type OwnQuestion = z.infer<typeof ownQuestionSchema>;

export const questionListQuerySchema = paginationQuerySchema(QUESTIONS_PER_PAGE, REVIEWS_PAGE_MAX);
export const questionPageSchema = paginatedSchema(questionSchema);
export type QuestionPage = z.infer<typeof questionPageSchema>;

export const questionAskBodySchema = z.object({
  productId: idSchema,
  text: plainText(QUESTION_TEXT_MAX).min(QUESTION_TEXT_MIN, FIELD_ERROR_KEYS.tooShort),
});
export type QuestionAskBody = z.input<typeof questionAskBodySchema>;

export const answerBodySchema = z.object({
  questionId: idSchema,
  text: plainText(ANSWER_TEXT_MAX).min(1, FIELD_ERROR_KEYS.required),
});
export type AnswerBody = z.input<typeof answerBodySchema>;

/* ---------------------------------------------------------------- abuse reports */

/**
 * Report a review, one photo (by its id), a question or an answer. The same shopper reporting the
 * same thing again changes nothing (and is answered the same).
 */
export const abuseReportBodySchema = z.object({
  target: z.enum(ABUSE_TARGETS, FIELD_ERROR_KEYS.invalid),
  targetId: idSchema,
  reason: z.enum(ABUSE_REASONS, FIELD_ERROR_KEYS.required),
  text: plainText(ABUSE_TEXT_MAX).default(""),
});
export type AbuseReportBody = z.input<typeof abuseReportBodySchema>;
export const abuseReportSchema = z.object({ reported: z.literal(true) });

/* ---------------------------------------------------------------- staff */

/** The shop's review rules. */
export const reviewSettingsSchema = z.object({
  /** New reviews wait for staff before they show. */
  moderateFirst: z.boolean(),
  /** Customers who received a product may answer its questions (staff always may). */
  buyersMayAnswer: z.boolean(),
  /** One email per delivered order asking for a review, `requestDelayDays` after delivery. */
  requestEmail: z.boolean(),
  requestDelayDays: z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(0, FIELD_ERROR_KEYS.tooSmall)
    .max(REVIEW_REQUEST_DELAY_DAYS_MAX, FIELD_ERROR_KEYS.tooLarge),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

const staffPage = z.number().int().min(1).max(10_000).default(1);
const staffProductRef = z.object({
  id: z.number().int(),
  name: z.string(),
  nameLocalizations: localizationsSchema,
});
const staffCustomerRef = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });

/** A review as staff see it: any state, who wrote it, why it is held, its open reports. */
export const staffReviewSchema = reviewSchema.extend({
  state: z.enum(REVIEW_STATES),
  holdReason: z.enum(REVIEW_HOLD_REASONS).nullable(),
  /** Why staff hid it and their note (null unless staff hid it). */
  moderationReason: z.enum(MODERATION_REASONS).nullable(),
  moderationNote: z.string().nullable(),
  product: staffProductRef,
  customer: staffCustomerRef,
  /** Open reports by different shoppers. */
  openReports: z.number().int(),
  /** Photos staff hid (not served to shoppers). */
  hiddenPhotoIds: z.array(z.number().int()),
});
export type StaffReview = z.infer<typeof staffReviewSchema>;

/**
 * The moderation queue's reviews: `pending` (waiting to publish), `reported` (with open reports,
 * any state), `hidden`, `published`; of one product when `productId` is given. Oldest first for
 * pending and reported, newest first otherwise.
 */
export const staffReviewListBodySchema = z.object({
  state: z.enum(["pending", "reported", "hidden", "published"]).default("pending"),
  productId: idSchema.optional(),
  page: staffPage,
});
export const staffReviewListSchema = paginatedSchema(staffReviewSchema);

/** Publish or hide a review (a hide carries a reason, a note optional); its open reports close. */
export const staffReviewDecideBodySchema = z
  .object({
    reviewId: idSchema,
    decision: z.enum(["publish", "hide"]),
    reason: z.enum(MODERATION_REASONS).optional(),
    note: plainText(MODERATION_NOTE_MAX).default(""),
  })
  .refine((b) => b.decision === "publish" || b.reason !== undefined, {
    message: FIELD_ERROR_KEYS.required,
    path: ["reason"],
  });
export type StaffReviewDecideBody = z.input<typeof staffReviewDecideBodySchema>;

/** The shop's public reply to a review; an empty text removes it. */
export const staffReviewReplyBodySchema = z.object({
  reviewId: idSchema,
  text: plainText(REVIEW_REPLY_MAX),
});

/** Hide or show one photo of a review (a reported photo), with a reason when hiding. */
export const staffReviewPhotoBodySchema = z.object({
  photoId: idSchema,
  hidden: z.boolean(),
  reason: z.enum(MODERATION_REASONS).optional(),
});

/** An abuse report as staff see it: what, why, by whom, and an excerpt of what was reported. */
export const staffAbuseReportSchema = z.object({
  id: z.number().int(),
  target: z.enum(ABUSE_TARGETS),
  targetId: z.number().int(),
  reason: z.enum(ABUSE_REASONS),
  text: z.string(),
  state: z.enum(ABUSE_REPORT_STATES),
  reporter: staffCustomerRef,
  product: staffProductRef,
  /** The review the report is about (of a review or its photo), to decide with the review calls. */
  reviewId: z.number().int().nullable(),
  questionId: z.number().int().nullable(),
  /** The reported text (or the photo's address) as it is now. */
  excerpt: z.string(),
  /** Whether what was reported is hidden now (by reports or by staff). */
  targetHidden: z.boolean(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type StaffAbuseReport = z.infer<typeof staffAbuseReportSchema>;
export const staffAbuseReportListBodySchema = z.object({
  state: z.enum(ABUSE_REPORT_STATES).default("open"),
  page: staffPage,
});
export const staffAbuseReportListSchema = paginatedSchema(staffAbuseReportSchema);

/**
 * Decide a report: `uphold` hides what was reported (with the report's reason), `dismiss` keeps it
 * (and shows again what the reports hid). Every open report on the same thing closes with it.
 */
export const staffAbuseReportDecideBodySchema = z.object({
  reportId: idSchema,
  decision: z.enum(["uphold", "dismiss"]),
  note: plainText(MODERATION_NOTE_MAX).default(""),
});
export const staffAbuseReportDecideSchema = z.object({
  /** How many open reports on the same thing closed. */
  closed: z.number().int(),
  targetHidden: z.boolean(),
});

/** A question as staff see it: any state, with its answers and who asked. */
export const staffQuestionSchema = questionSchema.extend({
  state: z.enum(QUESTION_STATES),
  product: staffProductRef,
  customer: staffCustomerRef,
  openReports: z.number().int(),
});
export type StaffQuestion = z.infer<typeof staffQuestionSchema>;
export const staffQuestionListBodySchema = z.object({
  state: z.enum(QUESTION_STATES).default("open"),
  productId: idSchema.optional(),
  page: staffPage,
});
export const staffQuestionListSchema = paginatedSchema(staffQuestionSchema);
export const staffQuestionDecideBodySchema = z.object({
  questionId: idSchema,
  decision: z.enum(["show", "hide"]),
  reason: z.enum(MODERATION_REASONS).optional(),
});

/** Rating figures per product: most reviewed first (or lowest average first). */
export const staffProductRatingsBodySchema = z.object({
  sort: z.enum(["count", "lowest", "highest"]).default("count"),
  page: staffPage,
});
export const staffProductRatingSchema = ratingSummarySchema.extend({
  product: staffProductRef,
  pending: z.number().int(),
  hidden: z.number().int(),
  openQuestions: z.number().int(),
});
export type StaffProductRating = z.infer<typeof staffProductRatingSchema>;
export const staffProductRatingListSchema = paginatedSchema(staffProductRatingSchema);

/** How many things wait for staff: for the console's menu badge. */
export const staffModerationCountsSchema = z.object({
  pendingReviews: z.number().int(),
  openReports: z.number().int(),
  openQuestions: z.number().int(),
});
export type StaffModerationCounts = z.infer<typeof staffModerationCountsSchema>;
