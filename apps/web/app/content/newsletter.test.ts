import { FIELD_ERROR_KEYS } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { NEWSLETTER_PARAM, newsletterOutcomeOf, newsletterParamOf } from "./newsletter.ts";

const back = (value: string) => new URLSearchParams({ [NEWSLETTER_PARAM]: value, page: "2" });

describe("what a plain newsletter post came back with", () => {
  it("reads back what the action wrote", () => {
    for (const outcome of [
      { ok: true as const },
      { ok: false as const, key: FIELD_ERROR_KEYS.emailFormat },
      { ok: false as const, key: "error-too-many-requests" as const },
    ])
      expect(newsletterOutcomeOf(back(newsletterParamOf(outcome)))).toEqual(outcome);
  });

  it("shows nothing for an address without it, or with words the page did not write", () => {
    expect(newsletterOutcomeOf(new URLSearchParams("page=2"))).toBeNull();
    expect(newsletterOutcomeOf(back("You have won a prize"))).toBeNull();
    expect(newsletterOutcomeOf(back(""))).toBeNull();
  });
});
