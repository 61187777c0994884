import { INFO_PAGES } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { infoPagePath, infoPageSlugOf, isPolicy, isQuestionList } from "./info-pages.ts";

describe("infoPageSlugOf", () => {
  it("reads the page from its path, with or without a trailing slash", () => {
    expect(infoPageSlugOf("/faq")).toBe("faq");
    expect(infoPageSlugOf("/returnexchange/")).toBe("returnexchange");
    for (const slug of INFO_PAGES) expect(infoPageSlugOf(infoPagePath(slug))).toBe(slug);
  });

  it("knows no other page", () => {
    for (const path of ["/", "/faqs", "/FAQ", "/about", "/faq/more", "/products/faq", "//faq/x"])
      expect(infoPageSlugOf(path), path).toBeNull();
  });
});

describe("how a page shows", () => {
  it("dates the policies, and only them", () => {
    expect(INFO_PAGES.filter(isPolicy)).toEqual(["privacy", "terms", "returnexchange"]);
  });

  it("folds the answers of the question pages", () => {
    expect(INFO_PAGES.filter(isQuestionList)).toEqual(["faq", "help"]);
  });
});
