import { ERROR_MESSAGES, type Locale } from "@stoa/contract";
import type { Translations } from "./i18n.ts";
import ar from "./locales/ar/common.json";
import en from "./locales/en/common.json";
import he from "./locales/he/common.json";

const COMMON: Record<Locale, Translations> = { en, ar, he };

/**
 * The `common` namespace of one locale: the storefront's texts plus the contract's error catalogue,
 * so an error key from the API or a form translates like any other key.
 */
export function translationsFor(locale: Locale): Translations {
  return MERGED[locale];
}

/** Merged once: every request of a locale shares one object (and so one i18next instance). */
const MERGED: Record<Locale, Translations> = {
  en: { ...ERROR_MESSAGES.en, ...COMMON.en },
  ar: { ...ERROR_MESSAGES.ar, ...COMMON.ar },
  he: { ...ERROR_MESSAGES.he, ...COMMON.he },
};
