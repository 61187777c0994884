import type { Locale } from "@stoa/contract";
import { type ReactNode, useMemo } from "react";
import { createI18n } from "../platform/i18n/i18n.ts";
import { useLocaleTexts } from "../platform/i18n/locale-texts.ts";
import { TranslationProvider } from "../platform/i18n/translation.tsx";

/**
 * What the console's pages need around them: the texts of the language. None of the shop's (cart,
 * wishlist, page views for the shop's analytics): staff at work are not shoppers.
 */
export function StaffProviders({ locale, children }: { locale: Locale; children: ReactNode }) {
  const texts = useLocaleTexts(locale);
  const i18n = useMemo(() => createI18n(locale, texts), [locale, texts]);
  return <TranslationProvider i18n={i18n}>{children}</TranslationProvider>;
}
