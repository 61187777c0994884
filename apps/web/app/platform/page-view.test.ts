import { describe, expect, it } from "vitest";
import { trackedPath } from "./page-view.ts";

describe("the path a page view tracks", () => {
  it("is the page's path and query as they are", () => {
    expect(trackedPath("/search", "?text=apples&page=2")).toBe("/search?text=apples&page=2");
    expect(trackedPath("/order-received", "?order=12")).toBe("/order-received?order=12");
    expect(trackedPath("/", "")).toBe("/");
  });

  it("never carries the token that opens a guest's order", () => {
    const path = trackedPath("/orders/12", "?token=Zm9yLXRoZS1ndWVzdC1vcmRlci1saW5r");
    expect(path).toBe("/orders/12?token=hidden");
    expect(trackedPath("/x", "?a=1&signature=abc&b=2")).toBe("/x?a=1&signature=hidden&b=2");
  });
});
