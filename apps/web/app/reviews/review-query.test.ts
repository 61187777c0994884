import { describe, expect, it } from "vitest";
import { onlyReviewViewChanged, reviewViewHref, reviewViewOf, spreadShare } from "./review-query.ts";

describe("the reviews' view in the product page's address", () => {
  it("reads sort, stars and page, and drops what is not one", () => {
    expect(reviewViewOf(new URLSearchParams("review-sort=highest&review-stars=4&review-page=3"))).toEqual({
      sort: "highest",
      stars: 4,
      page: 3,
    });
    expect(reviewViewOf(new URLSearchParams("review-sort=cheapest&review-stars=9&review-page=-2"))).toEqual({
      sort: "newest",
      stars: null,
      page: 1,
    });
    expect(reviewViewOf(new URLSearchParams("review-stars=2.5&review-page=1e9")).stars).toBeNull();
  });

  it("writes only what differs from the default, keeps the variation, and lands on the reviews", () => {
    const current = new URLSearchParams("variation=12&review-page=4");
    expect(reviewViewHref(current, { sort: "withPhotos", stars: null, page: 1 })).toBe(
      "?variation=12&review-sort=withPhotos#reviews",
    );
    expect(reviewViewHref(new URLSearchParams(), { sort: "newest", stars: 5, page: 2 })).toBe(
      "?review-stars=5&review-page=2#reviews",
    );
    expect(reviewViewHref(new URLSearchParams(), { sort: "newest", stars: null, page: 1 })).toBe("?#reviews");
  });

  it("tells a change of the reviews' view from a change of anything else", () => {
    expect(
      onlyReviewViewChanged(
        new URLSearchParams("variation=1"),
        new URLSearchParams("variation=1&review-page=2"),
      ),
    ).toBe(true);
    expect(
      onlyReviewViewChanged(new URLSearchParams("variation=1"), new URLSearchParams("variation=2")),
    ).toBe(false);
  });

  it("gives each bar of the spread its whole share of the reviews", () => {
    expect(spreadShare(1, 3)).toBe(33);
    expect(spreadShare(0, 0)).toBe(0);
    expect(spreadShare(7, 7)).toBe(100);
  });
});
