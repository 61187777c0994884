import { MY_REVIEWS_MAX, type Order } from "@stoa/contract";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { signedInCustomer } from "../platform/session/auth-state.ts";
import type { OrderReviews } from "./OrderLineReview.tsx";

/** An order's products a review may be asked for: once it arrived, or a download that is ready. */
export function reviewableProductIds(order: Pick<Order, "status" | "lines">): number[] {
  const ids = order.lines
    .filter((line) => order.status === "delivered" || line.downloadable)
    .map((line) => line.productId);
  return [...new Set(ids)];
}

/** The ids in groups the "my reviews" call takes: one group for any order a cart could place. */
export function reviewBatches(ids: readonly number[]): number[][] {
  const batches: number[][] = [];
  for (let at = 0; at < ids.length; at += MY_REVIEWS_MAX) batches.push(ids.slice(at, at + MY_REVIEWS_MAX));
  return batches;
}

/**
 * The signed-in customer's review standing for each product of a received order, asked of the API
 * in one call for all of them; none for a guest, whose session cannot review. A product the shop
 * no longer has is left out, and its line asks for no review.
 */
export async function orderReviewsOf(storeApi: StoreApi, order: Pick<Order, "status" | "lines">) {
  const ids = reviewableProductIds(order);
  if (ids.length === 0 || !signedInCustomer((await storeApi.session()).auth)) return {};
  const answers = await Promise.all(
    reviewBatches(ids).map((productIds) => storeApi.pageAnswer("myProductReviews", { body: { productIds } })),
  );
  const reviews: OrderReviews = {};
  for (const answer of answers)
    if (answer.ok) for (const { productId, ...mine } of answer.data.records) reviews[productId] = mine;
  return reviews;
}
