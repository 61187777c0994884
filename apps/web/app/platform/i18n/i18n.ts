import { DEFAULT_NAMESPACE, type Locale } from "@stoa/contract";
import i18next, { type i18n } from "i18next";

export type Translations = Record<string, unknown>;

/**
 * One i18next instance for one locale, filled synchronously from the translations the root loader
 * sent, so the server render and hydration use the very same strings (no flash of keys).
 */
export function createI18n(locale: Locale, translations: Translations): i18n {
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
  return instance;
}
