import type { Account } from "../auth/sessions.ts";
import type { Database } from "../platform/db/database.ts";
import type { MediaStorage } from "../platform/files/media-storage.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import { ratingSummary } from "./ratings.ts";
import {
  answerAsBuyer,
  askQuestion,
  deleteReview,
  myReview,
  myReviews,
  productQuestionPage,
  productReviewPage,
  reportAbuse,
  saveReview,
  settingsOf,
  uploadPhoto,
} from "./service.ts";
import {
  abuseReportList,
  answerAsShop,
  decideAbuseReport,
  decidePhoto,
  decideQuestion,
  decideReview,
  moderationCounts,
  productRatingList,
  replyToReview,
  saveSettings,
  staffQuestionList,
  staffReviewList,
} from "./staff.ts";

/**
 * Reviews, questions and abuse reports (issue 37, decision 068). The public lists are not kept in
 * the catalogue's answer cache: they change with every review, and the catalogue's version must not.
 */
export function reviewRoutes(
  route: Route<Account>,
  staffRoute: Route<StaffAccount>,
  db: Database,
  media: MediaStorage,
): void {
  // What shoppers say changes with reviews, not with the product: a product's edit drops no
  // shared page for them (decision 069); a new review shows within the page's max age.
  const notAProduct = { reachesNoProduct: true };
  route(
    "productRatingSummary",
    ({ ctx, params }) => ratingSummary(db, ctx.store.id, params.productId),
    notAProduct,
  );
  route(
    "productReviews",
    ({ ctx, params, query }) => productReviewPage(db, ctx.store.id, params.productId, query, ctx.locale),
    notAProduct,
  );
  route("myProductReview", ({ ctx, params, account }) =>
    myReview(db, ctx.store.id, account.customer, params.productId),
  );
  route("myProductReviews", ({ ctx, body, account }) =>
    myReviews(db, ctx.store.id, account.customer, body.productIds),
  );
  route("saveProductReview", ({ ctx, body, account }) =>
    saveReview(db, ctx.store.id, account.customer, body, ctx.locale),
  );
  route("deleteProductReview", ({ ctx, body, account }) =>
    deleteReview(db, ctx.store.id, account.customer, body.reviewId),
  );
  route("uploadReviewPhoto", ({ ctx, body, account }) =>
    uploadPhoto(db, media, ctx.store.id, account.customer, body),
  );
  route(
    "productQuestions",
    ({ ctx, params, query }) => productQuestionPage(db, ctx.store.id, params.productId, query, ctx.locale),
    notAProduct,
  );
  route("askProductQuestion", ({ ctx, body, account }) =>
    askQuestion(db, ctx.store.id, account.customer, body, ctx.locale),
  );
  route("answerProductQuestion", ({ ctx, body, account }) =>
    answerAsBuyer(db, ctx.store.id, account.customer, body),
  );
  route("reportAbuse", ({ ctx, body, account }) => reportAbuse(db, ctx.store.id, account.customer, body));

  const staffOf = (storeId: number, account: StaffAccount) => ({ storeId, staffId: account.member.id });
  staffRoute("staffReviewSettings", ({ ctx }) => settingsOf(db, ctx.store.id));
  staffRoute("staffReviewSettingsSave", ({ ctx, body, account }) =>
    saveSettings(db, staffOf(ctx.store.id, account), body),
  );
  staffRoute("staffModerationCounts", ({ ctx }) => moderationCounts(db, ctx.store.id));
  staffRoute("staffReviews", ({ ctx, body }) => staffReviewList(db, ctx.store.id, body));
  staffRoute("staffReviewDecide", ({ ctx, body, account }) =>
    decideReview(db, staffOf(ctx.store.id, account), body),
  );
  staffRoute("staffReviewReply", ({ ctx, body, account }) =>
    replyToReview(db, staffOf(ctx.store.id, account), body.reviewId, body.text),
  );
  staffRoute("staffReviewPhoto", ({ ctx, body, account }) =>
    decidePhoto(db, staffOf(ctx.store.id, account), body),
  );
  staffRoute("staffAbuseReports", ({ ctx, body }) => abuseReportList(db, ctx.store.id, body));
  staffRoute("staffAbuseReportDecide", ({ ctx, body, account }) =>
    decideAbuseReport(db, staffOf(ctx.store.id, account), body),
  );
  staffRoute("staffQuestions", ({ ctx, body }) => staffQuestionList(db, ctx.store.id, body));
  staffRoute("staffQuestionAnswer", ({ ctx, body, account }) =>
    answerAsShop(db, staffOf(ctx.store.id, account), body.questionId, body.text),
  );
  staffRoute("staffQuestionDecide", ({ ctx, body, account }) =>
    decideQuestion(db, staffOf(ctx.store.id, account), body),
  );
  staffRoute("staffProductRatings", ({ ctx, body }) => productRatingList(db, ctx.store.id, body));
}
