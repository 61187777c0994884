import { describe, expect, it } from "vitest";
import { queueHref, queueIntentOf, queueParamsOf } from "./queue-params.ts";

describe("the moderation queue's address", () => {
  it("reads the list and page, waiting reviews first by default", () => {
    expect(queueParamsOf(new URLSearchParams("list=reports&page=2"))).toEqual({ list: "reports", page: 2 });
    expect(queueParamsOf(new URLSearchParams("list=hidden-questions"))).toEqual({
      list: "hidden-questions",
      page: 1,
    });
    expect(queueParamsOf(new URLSearchParams("list=everything&page=0"))).toEqual({
      list: "pending",
      page: 1,
    });
  });

  it("writes only what is not the default", () => {
    expect(queueHref({ list: "pending", page: 1 })).toBe("/staff/reviews");
    expect(queueHref({ list: "questions", page: 3 })).toBe("/staff/reviews?list=questions&page=3");
  });

  it("knows the forms' intents and nothing else", () => {
    expect(queueIntentOf("hide")).toBe("hide");
    expect(queueIntentOf("show-question")).toBe("show-question");
    expect(queueIntentOf("delete-everything")).toBeNull();
    expect(queueIntentOf(null)).toBeNull();
  });
});
