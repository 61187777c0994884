import type { Locale } from "@stoa/contract";
import type { Translations } from "./i18n.ts";
import ar from "./texts/ar.ts";
import en from "./texts/en.ts";
import he from "./texts/he.ts";

const TEXTS: Record<Locale, Translations> = { en, ar, he };

/**
 * Every locale's texts at once, for the server's own pages outside the storefront's render (a
 * refused form post). Pages load only their locale's texts, through locale-texts.ts.
 */
export function translationsFor(locale: Locale): Translations {
  return TEXTS[locale];
}
