import type { Locale } from "@stoa/contract";
import type { TFunction } from "i18next";

export type Translations = Record<string, unknown>;

/** A page's translator: the language and its `t`. */
export type I18n = { language: Locale; t: TFunction };

/** `{{name}}` placeholders, as the translation files write them. */
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * The translator of one locale over the translations the root loader sent, so the server render and
 * hydration use the very same strings. It does what the storefront's texts use of i18next — nested
 * keys, `{{value}}` placeholders and plural forms chosen by `count` (`_zero` for nothing, then the
 * language's own form, then `_other`) — without shipping i18next to the browser; i18next's types
 * still check every key at compile time.
 */
export function createI18n(locale: Locale, translations: Translations): I18n {
  let byLocale = made.get(translations);
  if (!byLocale) {
    byLocale = new Map();
    made.set(translations, byLocale);
  }
  const kept = byLocale.get(locale);
  if (kept) return kept;
  const translator = { language: locale, t: remembering(translatorOf(locale, translations)) };
  byLocale.set(locale, translator);
  return translator;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

function translatorOf(locale: Locale, translations: Translations): Translate {
  const plural = new Intl.PluralRules(locale);
  const text = (key: string): string | undefined => {
    const flat = translations[key];
    if (typeof flat === "string") return flat;
    let node: unknown = translations;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || node === null) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === "string" ? node : undefined;
  };
  const translate = (key: string, options?: Record<string, unknown>): string => {
    const count = options?.count;
    const found =
      (typeof count === "number"
        ? ((count === 0 ? text(`${key}_zero`) : undefined) ??
          text(`${key}_${plural.select(count)}`) ??
          text(`${key}_other`))
        : undefined) ?? text(key);
    if (found === undefined) return key;
    if (!options) return found;
    return found.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? placeholder : String(value);
    });
  };
  return translate;
}

/**
 * Translators already made, by the translations they were made from: a page's render and each of
 * its meta functions ask for one, and the server's translations of a locale are one object for
 * every request, so a translator is made once per locale, not several times per page.
 */
const made = new WeakMap<Translations, Map<Locale, I18n>>();

/** Texts remembered per translator at most; past it they start again (product names make many). */
const MAX_REMEMBERED = 5000;

/** No options, or only plain values (count, name…): the text then follows from key and options. */
function isPlain(options: unknown): boolean {
  if (options === undefined) return true;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return false;
  return Object.values(options).every((value) => ["string", "number", "boolean"].includes(typeof value));
}

/**
 * A `t` that remembers the texts it has made: a page asks the same few hundred texts on every
 * render, and their lookup, plural and placeholders were a visible share of a server render.
 */
function remembering(translate: Translate): TFunction {
  const texts = new Map<string, string>();
  const t = (key: string, options?: Record<string, unknown>): string => {
    if (!isPlain(options)) return translate(key, options);
    const id = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
    const known = texts.get(id);
    if (known !== undefined) return known;
    const text = translate(key, options);
    if (texts.size >= MAX_REMEMBERED) texts.clear();
    texts.set(id, text);
    return text;
  };
  return t as unknown as TFunction;
}
