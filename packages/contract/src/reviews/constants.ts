import { SAVED_CART_LIMIT } from "../cart/constants.ts";
import { PRODUCT_IMAGE_MAX_SIDE } from "../staff/product-images.ts";

/**
 * Reviews, ratings, questions and abuse reports (issue 37, decision 068). Every review is written by
 * a customer who received the product, so every review is a "verified purchase".
 */

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** The longest title and text a review keeps (plain text, stored as typed, shown escaped). */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 4000;
/** The most photos one review shows. */
export const REVIEW_PHOTOS_MAX = 5;
/** The largest photo taken before it is re-encoded: a phone camera's photo fits. */
export const REVIEW_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** The longest side of a review photo as kept, in pixels. */
export const REVIEW_PHOTO_MAX_SIDE = PRODUCT_IMAGE_MAX_SIDE;
/** What a photo may be sent as (no SVG: it may carry scripts). */
export const REVIEW_PHOTO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type ReviewPhotoType = (typeof REVIEW_PHOTO_TYPES)[number];

/** How a product's reviews are ordered; the shopper's language first within each. */
export const REVIEW_SORTS = ["newest", "highest", "lowest", "withPhotos"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEWS_PER_PAGE = 10;
export const REVIEWS_PAGE_MAX = 50;

/**
 * A review's state: `pending` waits for staff (the shop moderates first, or it was held), `published`
 * shows, `hidden` does not (staff hid it, or several shoppers reported it and staff have not decided).
 * Only `published` reviews are ever served to shoppers or counted in a product's rating.
 */
export const REVIEW_STATES = ["pending", "published", "hidden"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/**
 * Why a review is not published: the shop moderates first (`moderation`), the same text was posted
 * on other products (`repeatedText`), several shoppers reported it (`reports`), staff hid it (`staff`).
 */
export const REVIEW_HOLD_REASONS = ["moderation", "repeatedText", "reports", "staff"] as const;
export type ReviewHoldReason = (typeof REVIEW_HOLD_REASONS)[number];

/** The most products one "my reviews" call asks about: an order's, which holds at most a cart's lines. */
export const MY_REVIEWS_MAX = SAVED_CART_LIMIT;

/** Why a caller may not review a product (the "mine" call says it instead of an error). */
export const REVIEW_REFUSALS = ["signIn", "notBought", "notReceived"] as const;
export type ReviewRefusal = (typeof REVIEW_REFUSALS)[number];

/** A text already on this many OTHER products' reviews of the shop is held for moderation. */
export const REVIEW_REPEATED_TEXT_PRODUCTS = 1;
/** Texts shorter than this ("Great!") are not compared: many buyers write them honestly. */
export const REVIEW_REPEATED_TEXT_MIN = 20;

/** Questions: anyone signed in asks; staff (and verified buyers where the shop allows) answer. */
export const QUESTION_TEXT_MIN = 5;
export const QUESTION_TEXT_MAX = 1000;
export const ANSWER_TEXT_MAX = 2000;
export const QUESTIONS_PER_PAGE = 10;
/** `open`: not answered yet (not shown to shoppers); `answered`: shown; `hidden`: staff hid it. */
export const QUESTION_STATES = ["open", "answered", "hidden"] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];

/** What a shopper reports: a review, one photo of a review, a question or an answer. */
export const ABUSE_TARGETS = ["review", "photo", "question", "answer"] as const;
export type AbuseTarget = (typeof ABUSE_TARGETS)[number];
export const ABUSE_REASONS = ["spam", "offensive", "offTopic", "personalInfo", "fake", "other"] as const;
export type AbuseReason = (typeof ABUSE_REASONS)[number];
export const ABUSE_TEXT_MAX = 500;
/**
 * A review (photo, question, answer) reported by this many DIFFERENT shoppers is hidden until staff
 * decide; one shopper reporting again and again counts once.
 */
export const ABUSE_REPORTS_TO_HIDE = 3;
export const ABUSE_REPORT_STATES = ["open", "dismissed", "upheld"] as const;
export type AbuseReportState = (typeof ABUSE_REPORT_STATES)[number];

/** Why staff hide something (shown in the console and the audit, never to shoppers). */
export const MODERATION_REASONS = ABUSE_REASONS;
export type ModerationReason = AbuseReason;
export const MODERATION_NOTE_MAX = 500;
export const REVIEW_REPLY_MAX = 2000;

/** The review request email: sent once per delivered order, this many days after delivery by default. */
export const REVIEW_REQUEST_DELAY_DAYS_DEFAULT = 5;
export const REVIEW_REQUEST_DELAY_DAYS_MAX = 60;

/** Staff console pages. */
export const STAFF_REVIEWS_PAGE_SIZE = 50;

/** A product's average rating as shown: one decimal (4.3). */
export function ratingAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}
