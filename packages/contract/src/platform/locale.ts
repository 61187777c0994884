export const LOCALES = ["en", "ar", "he"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const RTL_LOCALES: readonly Locale[] = ["ar", "he"];
export const DEFAULT_NAMESPACE = "common";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Accepts `ar`, `ar-EG`, `AR`; anything unknown falls back to the default locale. */
export function toLocale(value: string | null | undefined): Locale {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : DEFAULT_LOCALE;
}

export function isRtl(locale: Locale): boolean {
  return RTL_LOCALES.includes(locale);
}

export function direction(locale: Locale): "rtl" | "ltr" {
  return isRtl(locale) ? "rtl" : "ltr";
}

export type Localizations = Partial<Record<Locale, string>>;

/** The text in the wanted locale, else English, else any text there is. */
export function localized(texts: Localizations | null | undefined, locale: Locale): string {
  if (!texts) return "";
  return texts[locale] || texts.en || Object.values(texts).find(Boolean) || "";
}

/**
 * `storeNameLocalizations` travels as JSON text (spec §3). Broken JSON yields no names rather than
 * breaking a page.
 */
export function parseLocalizations(json: string | null | undefined): Localizations {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const out: Localizations = {};
    for (const [key, text] of Object.entries(value)) {
      if (isLocale(key) && typeof text === "string") out[key] = text;
    }
    return out;
  } catch {
    return {};
  }
}
