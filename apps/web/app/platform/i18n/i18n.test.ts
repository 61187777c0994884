import { DEFAULT_NAMESPACE, LOCALES } from "@stoa/contract";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { createI18n, type Translations } from "./i18n.ts";
import { translationsFor } from "./translations.server.ts";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix.replace(PLURAL_SUFFIX, "")];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

/** i18next as the storefront used it before: the reference the small translator must agree with. */
function reference(locale: (typeof LOCALES)[number], translations: Translations) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [locale]: { [DEFAULT_NAMESPACE]: translations } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance.getFixedT(locale, DEFAULT_NAMESPACE) as unknown as (
    key: string,
    options?: object,
  ) => string;
}

describe("createI18n", () => {
  for (const locale of LOCALES) {
    it(`translates every ${locale} key as i18next does, plural forms and placeholders included`, () => {
      const translations = translationsFor(locale);
      const ours = createI18n(locale, translations).t as unknown as (key: string, options?: object) => string;
      const theirs = reference(locale, translations);
      const values = { name: "Ada", text: "tea", section: "Fruit", min: 2, max: 9, amount: "$5" };
      const differences: string[] = [];
      let compared = 0;
      for (const key of new Set(keysOf(translations))) {
        compared++;
        if (ours(key) !== theirs(key)) differences.push(`${key}: ${ours(key)} ≠ ${theirs(key)}`);
        for (const count of [0, 1, 2, 3, 11, 100]) {
          const ourText = ours(key, { ...values, count });
          const theirText = theirs(key, { ...values, count });
          // i18next gives the bare key back when a language lacks a form; ours falls back to `_other`.
          if (theirText === key ? ourText.includes("{{") : ourText !== theirText)
            differences.push(`${key} (${count}): ${ourText} ≠ ${theirText}`);
        }
      }
      expect(compared).toBeGreaterThan(100);
      expect(differences).toEqual([]);
    });
  }

  it("gives a missing key back as it is and keeps a placeholder it has no value for", () => {
    const { t } = createI18n("en", { hello: "Hello {{name}}", nested: { deep: "Deep" } });
    const translate = t as unknown as (key: string, options?: object) => string;
    expect(translate("no-such-key")).toBe("no-such-key");
    expect(translate("hello", {})).toBe("Hello {{name}}");
    expect(translate("hello", { name: "Sam" })).toBe("Hello Sam");
    expect(translate("nested.deep")).toBe("Deep");
  });
});

describe("createI18n, made once", () => {
  it("is one translator per locale and translations, shared by every page that asks", () => {
    const en = translationsFor("en");
    expect(translationsFor("en")).toBe(en);
    const first = createI18n("en", en);
    expect(createI18n("en", en)).toBe(first);
    expect(createI18n("ar", translationsFor("ar"))).not.toBe(first);
    // Translations that arrived otherwise (a client navigation's loader data) get their own.
    expect(createI18n("en", { ...en })).not.toBe(first);
  });

  it("gives the same texts asked once or many times, plurals and placeholders included", () => {
    const { t } = createI18n("en", translationsFor("en"));
    for (let round = 0; round < 2; round++) {
      expect(t("nav.home")).toBe("Home");
      expect(t("cart.open", { count: 3 })).not.toBe(t("cart.open", { count: 1 }));
      expect(t("account.greeting", { name: "Ada" })).toBe("Hello, Ada");
      expect(t("account.greeting", { name: "Bob" })).toBe("Hello, Bob");
    }
    const ar = createI18n("ar", translationsFor("ar"));
    expect(ar.t("nav.home")).toMatch(/[\u0600-\u06FF]/);
  });
});
