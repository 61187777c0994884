import { describe, expect, it } from "vitest";
import { direction, isRtl, localized, parseLocalizations, toLocale } from "./locale.ts";

describe("locales", () => {
  it("negotiates a supported locale with English as the fallback", () => {
    expect(toLocale("ar-EG")).toBe("ar");
    expect(toLocale("HE")).toBe("he");
    expect(toLocale("fr")).toBe("en");
    expect(toLocale(undefined)).toBe("en");
  });

  it("writes Arabic and Hebrew right to left", () => {
    expect(isRtl("ar")).toBe(true);
    expect(direction("he")).toBe("rtl");
    expect(direction("en")).toBe("ltr");
  });

  it("picks the text of the locale, then English, then any", () => {
    expect(localized({ en: "Milk", ar: "حليب" }, "ar")).toBe("حليب");
    expect(localized({ en: "Milk" }, "he")).toBe("Milk");
    expect(localized({ ar: "حليب" }, "en")).toBe("حليب");
    expect(localized(null, "en")).toBe("");
  });

  it("reads store names from JSON text and survives broken JSON", () => {
    expect(parseLocalizations('{"en":"Fresh","ar":"طازج","xx":"?","he":5}')).toEqual({
      en: "Fresh",
      ar: "طازج",
    });
    expect(parseLocalizations("{broken")).toEqual({});
    expect(parseLocalizations("[1]")).toEqual({});
    expect(parseLocalizations(null)).toEqual({});
  });
});
