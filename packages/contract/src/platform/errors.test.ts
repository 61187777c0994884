import { describe, expect, it } from "vitest";
import { CHECKOUT_ERROR_KEYS, ERROR_MESSAGES, ERRORS, FIELD_ERROR_KEYS } from "./errors.ts";
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
