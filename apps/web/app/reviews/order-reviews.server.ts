import type { Order } from "@stoa/contract";
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

/**
 * The signed-in customer's review standing for each product of a received order, asked of the API
 * product by product (an order holds a handful); none for a guest, whose session cannot review.
 */
export async function orderReviewsOf(storeApi: StoreApi, order: Pick<Order, "status" | "lines">) {
  const ids = reviewableProductIds(order);
  if (ids.length === 0 || !signedInCustomer((await storeApi.session()).auth)) return {};
  const answers = await Promise.all(
    ids.map((productId) =>
      storeApi.pageAnswer("myProductReview", { params: { productId: String(productId) } }),
    ),
  );
  const reviews: OrderReviews = {};
  ids.forEach((productId, index) => {
    const answer = answers[index];
    if (answer?.ok) reviews[productId] = answer.data;
  });
  return reviews;
}
