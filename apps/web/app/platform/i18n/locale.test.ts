import { describe, expect, it } from "vitest";
import { acceptedLocales, negotiateLocale } from "./locale.ts";

describe("acceptedLocales", () => {
  it("orders by q-value and keeps only supported base languages", () => {
    expect(acceptedLocales("fr-FR,fr;q=0.9,he;q=0.5,ar-EG;q=0.8,en;q=0.1")).toEqual(["ar", "he", "en"]);
  });

  it("keeps header order for equal weights and ignores q=0", () => {
    expect(acceptedLocales("he, ar, en;q=0")).toEqual(["he", "ar"]);
  });

  it("is empty for a missing or useless header", () => {
    expect(acceptedLocales(undefined)).toEqual([]);
    expect(acceptedLocales("de, *")).toEqual([]);
  });
});

describe("negotiateLocale", () => {
  it("prefers the lang cookie", () => {
    expect(negotiateLocale("theme=dark; lang=he", "ar")).toBe("he");
  });

  it("ignores an unknown cookie value and falls back to Accept-Language", () => {
    expect(negotiateLocale("lang=xx", "ar-SA,ar;q=0.9")).toBe("ar");
  });

  it("falls back to English", () => {
    expect(negotiateLocale(null, "de-DE")).toBe("en");
    expect(negotiateLocale(undefined, undefined)).toBe("en");
  });

  it("only picks a language the shop offers", () => {
    expect(negotiateLocale("lang=he", "ar, en;q=0.5", ["en", "ar"])).toBe("ar");
    expect(negotiateLocale(null, "he", ["ar"])).toBe("ar");
  });
});
