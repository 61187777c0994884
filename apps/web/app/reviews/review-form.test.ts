import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTOS_MAX, REVIEW_TITLE_MAX } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { keptPhotoIdsOf, photoProblem, photoTypeOf, reviewTextsOf } from "./review-form.ts";

describe("a review's words and stars from the form", () => {
  it("gives the contract's body, with the photos kept in their order", () => {
    const check = reviewTextsOf(
      { rating: "4", title: " Crisp ", text: "Good <b>apples</b>" },
      12,
      [7, 3],
      null,
    );
    expect(check).toEqual({
      ok: true,
      data: { productId: 12, rating: 4, title: "Crisp", text: "Good <b>apples</b>", photoIds: [7, 3] },
    });
  });

  it("names the review being edited", () => {
    const check = reviewTextsOf({ rating: "5" }, 12, [], 99);
    expect(check.ok && check.data.reviewId).toBe(99);
  });

  it("asks for the stars when none were chosen, and refuses what is not a star", () => {
    expect(reviewTextsOf({ title: "No stars" }, 1, [], null)).toEqual({
      ok: false,
      fields: { rating: "error-field-required" },
    });
    expect(reviewTextsOf({ rating: "9" }, 1, [], null).ok).toBe(false);
    expect(reviewTextsOf({ rating: "0" }, 1, [], null).ok).toBe(false);
  });

  it("refuses a title longer than the shop keeps, on the title", () => {
    const check = reviewTextsOf({ rating: "3", title: "x".repeat(REVIEW_TITLE_MAX + 1) }, 1, [], null);
    expect(check.ok ? null : check.fields.title).toBe("error-field-too-long");
  });
});

describe("a review's photos before they are sent", () => {
  const jpeg = { size: 1000, type: "image/jpeg" };
  it("lets up to five pictures go, counting those kept", () => {
    expect(photoProblem([jpeg, jpeg], REVIEW_PHOTOS_MAX - 2)).toBeNull();
    expect(photoProblem([jpeg, jpeg], REVIEW_PHOTOS_MAX - 1)).toEqual({ photos: "error-images-too-many" });
  });

  it("refuses a file too large or not a picture", () => {
    expect(photoProblem([{ size: REVIEW_PHOTO_MAX_BYTES + 1, type: "image/png" }], 0)).toEqual({
      photos: "error-image-too-large",
    });
    expect(photoProblem([{ size: 10, type: "image/svg+xml" }], 0)).toEqual({
      photos: "error-image-not-picture",
    });
    expect(photoTypeOf("image/webp")).toBe("image/webp");
    expect(photoTypeOf("application/pdf")).toBeNull();
  });

  it("keeps each kept photo id once, in order, and nothing that is not an id", () => {
    expect(keptPhotoIdsOf(["4", "2", "4", "x", "", "-1"])).toEqual([4, 2]);
  });
});
