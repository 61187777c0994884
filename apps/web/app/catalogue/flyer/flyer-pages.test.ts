import { describe, expect, it } from "vitest";
import { flyerHref, pageAfterKey, readFlyerView } from "./flyer-pages.ts";

describe("readFlyerView", () => {
  it("reads the view and keeps the page inside the flyer", () => {
    expect(readFlyerView(new URLSearchParams("view=grid"), 4)).toEqual({ view: "grid", page: 1 });
    expect(readFlyerView(new URLSearchParams("page=3"), 4)).toEqual({ view: "pages", page: 3 });
    expect(readFlyerView(new URLSearchParams("page=9"), 4)).toEqual({ view: "pages", page: 4 });
    expect(readFlyerView(new URLSearchParams("page=-2&view=odd"), 4)).toEqual({ view: "pages", page: 1 });
    expect(readFlyerView(new URLSearchParams("page=2"), 0)).toEqual({ view: "pages", page: 1 });
  });

  it("writes short URLs back", () => {
    expect(flyerHref({ view: "pages", page: 1 })).toBe("/instoreflyer");
    expect(flyerHref({ view: "pages", page: 3 })).toBe("/instoreflyer?page=3");
    expect(flyerHref({ view: "grid", page: 3 })).toBe("/instoreflyer?view=grid");
  });
});

describe("pageAfterKey", () => {
  it("turns pages with the arrows, stopping at either end", () => {
    expect(pageAfterKey("ArrowRight", 1, 3, false)).toBe(2);
    expect(pageAfterKey("ArrowRight", 3, 3, false)).toBe(3);
    expect(pageAfterKey("ArrowLeft", 1, 3, false)).toBe(1);
    expect(pageAfterKey("End", 1, 3, false)).toBeNull();
    expect(pageAfterKey("Enter", 1, 3, false)).toBeNull();
  });

  it("mirrors the arrows in right-to-left pages", () => {
    expect(pageAfterKey("ArrowLeft", 1, 3, true)).toBe(2);
    expect(pageAfterKey("ArrowRight", 2, 3, true)).toBe(1);
  });
});
