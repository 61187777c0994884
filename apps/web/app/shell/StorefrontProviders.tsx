import { type ReactNode, useEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { CartProvider } from "../cart/CartProvider.tsx";
import { reportUncaughtErrors } from "../platform/error-beacon.ts";
import { createI18n } from "../platform/i18n/i18n.ts";
import { useLocaleTexts } from "../platform/i18n/locale-texts.ts";
import { TranslationProvider } from "../platform/i18n/translation.tsx";
import { pushPageView, trackedPath } from "../platform/page-view.ts";
import type { RootData } from "./root-data.ts";

/** Spec §2: a page view goes to the data layer on every route change, the first one included. */
function PageViewTracker({ locale }: { locale: RootData["locale"] }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    pushPageView({ page_path: trackedPath(pathname, search), page_title: document.title, locale });
  }, [pathname, search, locale]);
  return null;
}

/** Uncaught errors of the page reach the store API's log (spec §7 log call). */
function ErrorReporter() {
  useEffect(() => reportUncaughtErrors(window), []);
  return null;
}

/** Translations of the current locale, rebuilt only when the language changes, and the cart. */
export function StorefrontProviders({ root, children }: { root: RootData; children: ReactNode }) {
  const { locale } = root;
  const texts = useLocaleTexts(locale);
  const i18n = useMemo(() => createI18n(locale, texts), [locale, texts]);
  const shop = root.kind === "shop" ? root : null;
  // A guest session keeps a saved cart too (decision 015); an unverified email cannot reach it yet.
  const userId = shop?.auth.status === "signed-in" ? shop.auth.user.userId : null;
  return (
    <TranslationProvider i18n={i18n}>
      <PageViewTracker locale={locale} />
      <ErrorReporter />
      <CartProvider userId={userId} currency={shop?.store.settings.currency ?? "USD"} locale={locale}>
        {children}
      </CartProvider>
    </TranslationProvider>
  );
}
