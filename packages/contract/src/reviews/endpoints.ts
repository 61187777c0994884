import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import {
  MY_REVIEWS_MAX,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_MAX_SIDE,
  REVIEW_PHOTOS_MAX,
} from "./constants.ts";
import {
  abuseReportBodySchema,
  abuseReportSchema,
  answerBodySchema,
  myReviewSchema,
  myReviewsBodySchema,
  myReviewsSchema,
  ownQuestionSchema,
  ownReviewSchema,
  productIdParamsSchema,
  questionAskBodySchema,
  questionListQuerySchema,
  questionPageSchema,
  ratingSummarySchema,
  reviewDeleteBodySchema,
  reviewDeleteSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewPhotoSchema,
  reviewPhotoUploadBodySchema,
  reviewSaveBodySchema,
  reviewSettingsSchema,
  staffAbuseReportDecideBodySchema,
  staffAbuseReportDecideSchema,
  staffAbuseReportListBodySchema,
  staffAbuseReportListSchema,
  staffModerationCountsSchema,
  staffProductRatingListSchema,
  staffProductRatingsBodySchema,
  staffQuestionDecideBodySchema,
  staffQuestionListBodySchema,
  staffQuestionListSchema,
  staffQuestionSchema,
  staffReviewDecideBodySchema,
  staffReviewListBodySchema,
  staffReviewListSchema,
  staffReviewPhotoBodySchema,
  staffReviewReplyBodySchema,
  staffReviewSchema,
} from "./schemas.ts";

const call = { tag: "Reviews" } as const;
const photoBody = Math.ceil(REVIEW_PHOTO_MAX_BYTES / 3) * 4 + 8192;

/**
 * The shopper's calls (REVIEW_RATING, REVIEW_IMAGE_POPOVER, QUESTION_FORM, ABUSE_REPORT). The public
 * lists are plain GETs of one product, cacheable like the product page; only published reviews and
 * answered, visible questions are ever in them.
 */
export const reviewEndpoints = {
  productRatingSummary: {
    ...call,
    method: "get",
    path: "/api/storeProductReview/summary/{productId}",
    summary:
      "A product's rating: average (one decimal, null without reviews), count and the spread of 1–5 stars",
    params: productIdParamsSchema,
    data: ratingSummarySchema,
  },
  productReviews: {
    ...call,
    method: "get",
    path: "/api/storeProductReview/list/{productId}",
    summary:
      "A page of a product's published reviews (newest, highest, lowest, or with photos first), the shopper's language first, with the rating summary",
    params: productIdParamsSchema,
    query: reviewListQuerySchema,
    data: reviewPageSchema,
  },
  myProductReview: {
    ...call,
    method: "get",
    path: "/api/storeProductReview/mine/{productId}",
    summary:
      "The caller's review of a product (any state, to edit), whether they may write one and why not (signIn, notBought, notReceived), and whether they may answer its questions",
    auth: true,
    params: productIdParamsSchema,
    data: myReviewSchema,
  },
  myProductReviews: {
    ...call,
    method: "post",
    path: "/api/storeProductReview/mine",
    summary: `The caller's review standing for several products at once (an order page's, at most ${MY_REVIEWS_MAX}): for each product of the shop among them, what the single "mine" call answers, with its productId; others are left out`,
    auth: true,
    body: myReviewsBodySchema,
    data: myReviewsSchema,
  },
  saveProductReview: {
    ...call,
    method: "post",
    path: "/api/storeProductReview/save",
    summary:
      "Write or edit (reviewId) the caller's review of a product they received (delivered, collected or downloaded): 1–5 stars, optional title and text (plain text), up to 5 photos; kept in the caller's language; waits for staff when the shop moderates first or the text was posted on other products (throttled per customer)",
    auth: true,
    body: reviewSaveBodySchema,
    data: ownReviewSchema,
  },
  deleteProductReview: {
    ...call,
    method: "post",
    path: "/api/storeProductReview/delete",
    summary: "Delete the caller's own review (and its photos); the product's rating follows at once",
    auth: true,
    body: reviewDeleteBodySchema,
    data: reviewDeleteSchema,
  },
  uploadReviewPhoto: {
    ...call,
    method: "post",
    path: "/api/storeProductReview/photo/upload",
    summary: `Upload a photo for a review (PNG, JPEG or WebP up to ${REVIEW_PHOTO_MAX_BYTES / 1024 / 1024} MB, base64): read, re-encoded without its metadata (no location), resized to at most ${REVIEW_PHOTO_MAX_SIDE} px; then name its id in save (at most ${REVIEW_PHOTOS_MAX} a review). Customers only, throttled`,
    auth: true,
    maxBodyBytes: photoBody,
    body: reviewPhotoUploadBodySchema,
    data: reviewPhotoSchema,
  },
  productQuestions: {
    ...call,
    method: "get",
    path: "/api/storeProductQuestion/list/{productId}",
    summary:
      "A page of a product's answered questions with their answers, newest first, the shopper's language first",
    params: productIdParamsSchema,
    query: questionListQuerySchema,
    data: questionPageSchema,
  },
  askProductQuestion: {
    ...call,
    method: "post",
    path: "/api/storeProductQuestion/ask",
    summary:
      "Ask a question about a product (signed-in customers; plain text; shown once answered; throttled)",
    auth: true,
    body: questionAskBodySchema,
    data: ownQuestionSchema,
  },
  answerProductQuestion: {
    ...call,
    method: "post",
    path: "/api/storeProductQuestion/answer",
    summary:
      "Answer a question as a customer who received the product, where the shop lets buyers answer (throttled)",
    auth: true,
    body: answerBodySchema,
    data: ownQuestionSchema,
  },
  reportAbuse: {
    ...call,
    method: "post",
    path: "/api/storeAbuseReport/create",
    summary:
      "Report a review, a review's photo, a question or an answer (reason and text; signed-in customers; throttled). The same shopper reporting again counts once; reported by 3 different shoppers it is hidden until staff decide",
    auth: true,
    body: abuseReportBodySchema,
    data: abuseReportSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

const staff = { tag: "Staff", auth: true, staff: true } as const;

/** The console's moderation queue, replies, answers, review rules and rating figures. */
export const staffReviewEndpoints = {
  staffReviewSettings: {
    ...staff,
    method: "get",
    path: "/api/staff/reviews/settings",
    summary: "The shop's review rules",
    permission: "settings",
    data: reviewSettingsSchema,
  },
  staffReviewSettingsSave: {
    ...staff,
    method: "post",
    path: "/api/staff/reviews/settings/save",
    summary: "Change the shop's review rules (audited)",
    permission: "settings",
    body: reviewSettingsSchema,
    data: reviewSettingsSchema,
  },
  staffModerationCounts: {
    ...staff,
    method: "get",
    path: "/api/staff/reviews/counts",
    summary: "How many reviews wait to be published, reports are open and questions wait for an answer",
    permission: "catalogue",
    data: staffModerationCountsSchema,
  },
  staffReviews: {
    ...staff,
    method: "post",
    path: "/api/staff/reviews/list",
    summary:
      "Reviews in the moderation queue: pending, reported, hidden or published; of one product when asked",
    permission: "catalogue",
    body: staffReviewListBodySchema,
    data: staffReviewListSchema,
  },
  staffReviewDecide: {
    ...staff,
    method: "post",
    path: "/api/staff/reviews/decide",
    summary:
      "Publish a review waiting or hidden (a review shown already is MODERATION_ALREADY_SHOWN), or hide it with a reason (audited); its open reports close and the product's rating follows in the same transaction",
    permission: "catalogue",
    body: staffReviewDecideBodySchema,
    data: staffReviewSchema,
  },
  staffReviewReply: {
    ...staff,
    method: "post",
    path: "/api/staff/reviews/reply",
    summary: "Reply publicly to a review as the shop (an empty text removes the reply; audited)",
    permission: "catalogue",
    body: staffReviewReplyBodySchema,
    data: staffReviewSchema,
  },
  staffReviewPhoto: {
    ...staff,
    method: "post",
    path: "/api/staff/reviews/photo",
    summary: "Hide or show one photo of a review (audited); its open reports close",
    permission: "catalogue",
    body: staffReviewPhotoBodySchema,
    data: staffReviewSchema,
  },
  staffAbuseReports: {
    ...staff,
    method: "post",
    path: "/api/staff/reviews/reports",
    summary: "Abuse reports, open first-come first: what was reported, why, by whom",
    permission: "catalogue",
    body: staffAbuseReportListBodySchema,
    data: staffAbuseReportListSchema,
  },
  staffAbuseReportDecide: {
    ...staff,
    method: "post",
    path: "/api/staff/reviews/reports/decide",
    summary:
      "Uphold a report (what was reported is hidden) or dismiss it (shown again if reports hid it); every open report on the same thing closes (audited)",
    permission: "catalogue",
    body: staffAbuseReportDecideBodySchema,
    data: staffAbuseReportDecideSchema,
  },
  staffQuestions: {
    ...staff,
    method: "post",
    path: "/api/staff/questions/list",
    summary: "Questions: open (to answer, oldest first), answered or hidden; of one product when asked",
    permission: "catalogue",
    body: staffQuestionListBodySchema,
    data: staffQuestionListSchema,
  },
  staffQuestionAnswer: {
    ...staff,
    method: "post",
    path: "/api/staff/questions/answer",
    summary: "Answer a question as the shop: it shows on the product page (audited)",
    permission: "catalogue",
    body: answerBodySchema,
    data: staffQuestionSchema,
  },
  staffQuestionDecide: {
    ...staff,
    method: "post",
    path: "/api/staff/questions/decide",
    summary:
      "Hide a question (with a reason), or show a hidden one again as it was before, open or answered (a question shown already is MODERATION_ALREADY_SHOWN); its open reports close (audited)",
    permission: "catalogue",
    body: staffQuestionDecideBodySchema,
    data: staffQuestionSchema,
  },
  staffProductRatings: {
    ...staff,
    method: "post",
    path: "/api/staff/reviews/ratings",
    summary: "Rating figures per product: count, average, spread, reviews waiting and hidden, open questions",
    permission: "catalogue",
    body: staffProductRatingsBodySchema,
    data: staffProductRatingListSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
