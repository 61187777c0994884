import { isLocale, type Locale } from "@stoa/contract";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { LOCALE_ACTION, LOCALE_NAMES } from "../platform/i18n/locale.ts";
import { loadLocaleTexts } from "../platform/i18n/locale-texts.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { GlobeIcon } from "../platform/ui/icons.tsx";
import { useShop } from "./root-data.ts";
import { shopLocales } from "./shop.ts";

function LocaleForm({ children, className }: { children: ReactNode; className?: string }) {
  const location = useLocation();
  return (
    <Form
      method="post"
      action={LOCALE_ACTION}
      className={className}
      // The new language's texts start loading with the post, not after its answer.
      onSubmit={(event) => {
        const chosen = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
        if (isLocale(chosen)) void loadLocaleTexts(chosen).catch(() => undefined);
      }}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {children}
    </Form>
  );
}

function localeButtonProps(locale: Locale, current: Locale) {
  return {
    type: "submit" as const,
    name: "locale",
    value: locale,
    lang: locale,
    "aria-current": locale === current ? ("true" as const) : undefined,
  };
}

/** Header variant: a disclosure with the current language; a plain form post, so it works without JS. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  const details = useRef<HTMLDetailsElement>(null);
  // The menu has done its work once the page speaks the chosen language.
  useEffect(() => {
    if (details.current && locale) details.current.open = false;
  }, [locale]);
  useEffect(() => {
    const close = (event: Event) => {
      const node = details.current;
      if (!node?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !node.contains(event.target as Node)) {
        node.open = false;
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={details} className="group relative" data-language-menu>
      <summary
        className="flex h-11 cursor-pointer list-none items-center gap-2 rounded-full px-3 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950 [&::-webkit-details-marker]:hidden"
        aria-label={t("language.change", { language: LOCALE_NAMES[locale] })}
      >
        <GlobeIcon className="size-5" />
        <span lang={locale}>{LOCALE_NAMES[locale]}</span>
      </summary>
      <LocaleForm className="absolute end-0 top-full z-50 mt-2 w-44 rounded-2xl border border-stone-200 bg-white p-1.5 shadow-xl">
        {shopLocales(store).map((option) => (
          <button key={option} {...localeButtonProps(option, locale)} className="language-choice">
            {LOCALE_NAMES[option]}
            {option === locale ? <span aria-hidden="true">✓</span> : null}
          </button>
        ))}
      </LocaleForm>
    </details>
  );
}

/** Drawer and footer variant: every language as a button, the current one marked. */
export function LanguageButtons({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  const colours =
    tone === "dark"
      ? "border-white/20 text-stone-200 hover:border-white/50 aria-[current=true]:border-white aria-[current=true]:bg-white aria-[current=true]:text-stone-900"
      : "border-stone-300 text-stone-700 hover:border-stone-500 aria-[current=true]:border-brand aria-[current=true]:bg-brand aria-[current=true]:text-white";
  return (
    <LocaleForm>
      <fieldset>
        <legend className={`mb-3 text-sm font-semibold ${tone === "dark" ? "text-white" : "text-stone-900"}`}>
          {t("language.label")}
        </legend>
        <div className="flex flex-wrap gap-2">
          {shopLocales(store).map((option) => (
            <button
              key={option}
              {...localeButtonProps(option, locale)}
              className={`rounded-full border px-4 py-2 text-sm font-medium transition-colors ${colours}`}
            >
              {LOCALE_NAMES[option]}
            </button>
          ))}
        </div>
      </fieldset>
    </LocaleForm>
  );
}
