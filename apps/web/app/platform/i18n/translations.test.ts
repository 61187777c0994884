import { LOCALES } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import ar from "./locales/ar/common.json";
import en from "./locales/en/common.json";
import he from "./locales/he/common.json";

const FILES = { en, ar, he };
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every key path of a translation file, plural forms folded into their base key. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix.replace(PLURAL_SUFFIX, "")];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function pluralForms(value: unknown, locale: string): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node !== "object" || node === null) {
      const match = PLURAL_SUFFIX.exec(prefix);
      if (match?.[1]) {
        const base = prefix.replace(PLURAL_SUFFIX, "");
        forms.set(base, (forms.get(base) ?? new Set()).add(match[1]));
      }
      return;
    }
    for (const [key, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${key}` : key);
  };
  walk(value, "");
  expect(forms.size, `${locale} has plural keys`).toBeGreaterThan(0);
  return forms;
}

describe("translations", () => {
  it("have the same keys in every language", () => {
    const english = [...new Set(keys(en))].sort();
    for (const locale of LOCALES) {
      expect([...new Set(keys(FILES[locale]))].sort(), locale).toEqual(english);
    }
  });

  it("cover every plural form each language needs", () => {
    for (const locale of LOCALES) {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [key, forms] of pluralForms(FILES[locale], locale)) {
        for (const category of needed) expect(forms.has(category), `${locale} ${key}_${category}`).toBe(true);
      }
    }
  });

  it("leave no text empty", () => {
    const empty = (value: unknown): boolean =>
      typeof value === "string" ? value.trim() === "" : Object.values(value as object).some(empty);
    for (const locale of LOCALES) expect(empty(FILES[locale]), locale).toBe(false);
  });
});
