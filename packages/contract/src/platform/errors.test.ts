import { describe, expect, it } from "vitest";
import {
  CHECKOUT_ERROR_KEYS,
  ERROR_MESSAGES,
  ERRORS,
  FIELD_ERROR_KEYS,
  isMessageKey,
  SOMETHING_WRONG_TEXT,
} from "./errors.ts";
import { LOCALES } from "./locale.ts";

describe("error catalogue", () => {
  it("has unique codes and a text for every key in every locale", () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    const keys = [
      ...Object.values(ERRORS).map((e) => e.key),
      ...Object.values(FIELD_ERROR_KEYS),
      ...Object.values(CHECKOUT_ERROR_KEYS),
    ];
    for (const locale of LOCALES) {
      for (const key of keys)
        expect(
          ERROR_MESSAGES[locale][key as keyof (typeof ERROR_MESSAGES)["en"]],
          `${locale}:${key}`,
        ).toBeTruthy();
    }
  });
});

describe("isMessageKey", () => {
  it("knows exactly the keys that have texts, in every locale", () => {
    for (const key of Object.keys(ERROR_MESSAGES.en)) expect(isMessageKey(key), key).toBe(true);
    expect(isMessageKey("error-no-such-key")).toBe(false);
    expect(isMessageKey(1001)).toBe(false);
    expect(isMessageKey(null)).toBe(false);
  });

  it("says the same on a bare page as the English catalogue", () => {
    expect(SOMETHING_WRONG_TEXT).toBe(ERROR_MESSAGES.en["error-something-wrong"]);
  });
});
