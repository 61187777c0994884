import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "@stoa/contract";
import { readCookie } from "../session/cookies.ts";

export const LOCALE_COOKIE = "lang";
/** Where the language switcher posts the shopper's choice (routes/site/locale.ts). */
export const LOCALE_ACTION = "/locale";
/** A shopper's language choice is kept for a year. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Native names, shown as-is in every language so a shopper can always find their own. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", ar: "العربية", he: "עברית" };

type Weighted = { locale: Locale; q: number; order: number };

/** Supported locales of an Accept-Language header, best first (q-value, then header order). */
export function acceptedLocales(header: string | null | undefined): Locale[] {
  if (!header) return [];
  const weighted: Weighted[] = [];
  header.split(",").forEach((entry, order) => {
    const [tag = "", ...params] = entry.trim().split(";");
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (!isLocale(base)) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) return;
    weighted.push({ locale: base, q, order });
  });
  weighted.sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(weighted.map((w) => w.locale))];
}

/**
 * The shopper's language: the `lang` cookie they chose, else the browser's Accept-Language, else
 * English. Only locales we have translations for (and the shop offers) are picked.
 */
export function negotiateLocale(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
  offered: readonly Locale[] = LOCALES,
): Locale {
  const chosen = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(chosen) && offered.includes(chosen)) return chosen;
  const accepted = acceptedLocales(acceptLanguage).find((locale) => offered.includes(locale));
  if (accepted) return accepted;
  return offered.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (offered[0] ?? DEFAULT_LOCALE);
}
