import { ERRORS } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { downloadLinkProblemOf, downloadProblemOf, downloadsHref } from "./download-link.ts";

describe("a refused download link", () => {
  it("asks to sign in again when the session has ended", () => {
    for (const error of [ERRORS.UNAUTHORIZED, ERRORS.INVALID_SESSION]) {
      expect(downloadProblemOf(error)).toBe("sign-in");
    }
    expect(downloadsHref("sign-in")).toBe("/downloads");
  });

  it("tells an expired link from one that opens nothing for this shopper", () => {
    expect(downloadProblemOf(ERRORS.DOWNLOAD_LINK_EXPIRED)).toBe("expired");
    expect(downloadProblemOf(ERRORS.NOT_FOUND)).toBe("invalid");
    // Someone else's link, even to a signed-in shopper: refused, and the session stays.
    expect(downloadProblemOf(ERRORS.FORBIDDEN)).toBe("invalid");
    expect(downloadProblemOf(ERRORS.INVALID_INPUT)).toBe("invalid");
    expect(downloadProblemOf({ code: "500", status: 503 })).toBe("unavailable");
  });

  it("comes back to the downloads page, which says what happened", () => {
    for (const problem of ["expired", "invalid", "unavailable"] as const) {
      const href = downloadsHref(problem);
      expect(downloadLinkProblemOf(new URL(href, "http://shop.test").searchParams)).toBe(problem);
    }
    expect(downloadLinkProblemOf(new URLSearchParams("link=other"))).toBeNull();
    expect(downloadLinkProblemOf(new URLSearchParams(""))).toBeNull();
  });
});
