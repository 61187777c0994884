import { MY_REVIEWS_MAX, type Order } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { reviewableProductIds, reviewBatches } from "./order-reviews.server.ts";

type Line = Order["lines"][number];
const line = (productId: number, downloadable = false) => ({ productId, downloadable }) as Line;

describe("the products an order page asks reviews for", () => {
  it("are every product of a delivered order, once each, in the order's order", () => {
    expect(
      reviewableProductIds({ status: "delivered", lines: [line(7), line(3), line(7), line(9)] }),
    ).toEqual([7, 3, 9]);
  });

  it("are only the ready downloads of an order not delivered yet", () => {
    expect(reviewableProductIds({ status: "confirmed", lines: [line(7), line(3, true)] })).toEqual([3]);
    expect(reviewableProductIds({ status: "placed", lines: [line(7)] })).toEqual([]);
  });

  it("go in one call for any order a cart places, and in as few as the call allows beyond", () => {
    const ids = Array.from({ length: MY_REVIEWS_MAX * 2 + 1 }, (_, i) => i + 1);
    expect(reviewBatches(ids.slice(0, 3))).toEqual([[1, 2, 3]]);
    expect(reviewBatches(ids.slice(0, MY_REVIEWS_MAX))).toHaveLength(1);
    const batches = reviewBatches(ids);
    expect(batches.map((batch) => batch.length)).toEqual([MY_REVIEWS_MAX, MY_REVIEWS_MAX, 1]);
    expect(batches.flat()).toEqual(ids);
    expect(reviewBatches([])).toEqual([]);
  });
});
