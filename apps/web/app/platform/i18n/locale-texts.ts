import type { Locale } from "@stoa/contract";
import { use } from "react";
import type { Translations } from "./i18n.ts";

/*
 * The texts of a language are a module of their own, loaded when the page's language needs them,
 * and no longer part of every page's loader data: a page's HTML no longer carries some 40 KB of
 * texts the browser already holds, the server no longer encodes them per render, and the browser
 * keeps one copy per language across pages.
 */

const MODULES: Record<Locale, () => Promise<{ default: Translations }>> = {
  en: () => import("./texts/en.ts"),
  ar: () => import("./texts/ar.ts"),
  he: () => import("./texts/he.ts"),
};

/** A load that React's `use` can read without suspending once it has settled. */
type Loading = Promise<Translations> & { status?: "fulfilled"; value?: Translations };

const loading = new Map<Locale, Loading>();
const loaded = new Map<Locale, Translations>();

/** Loads a language's texts once per page (once per process on the server). */
export function loadLocaleTexts(locale: Locale): Promise<Translations> {
  let load = loading.get(locale);
  if (!load) {
    load = MODULES[locale]().then((module) => {
      loaded.set(locale, module.default);
      Object.assign(load as Loading, { status: "fulfilled", value: module.default });
      return module.default;
    });
    // A failed load (a dropped connection) may be tried again by the next render.
    load.catch(() => loading.delete(locale));
    loading.set(locale, load);
  }
  return load;
}

/** The texts of a language already loaded, if they are. */
export function loadedLocaleTexts(locale: Locale): Translations | undefined {
  return loaded.get(locale);
}

/**
 * The texts of the page's language. The server and the first render have them already (the root
 * loader and the browser's entry wait for them); after a language switch the render waits for them
 * inside React's transition, so the page changes language in one step.
 */
export function useLocaleTexts(locale: Locale): Translations {
  return loaded.get(locale) ?? use(loadLocaleTexts(locale));
}

/**
 * For a route's `meta`, which cannot wait: the page's language when loaded, else any loaded one.
 * Only in the instant of a language switch can they differ, and that render is then done again.
 */
export function metaTexts(locale: Locale): Translations {
  const texts = loaded.get(locale) ?? loaded.values().next().value;
  if (!texts) throw new Error(`no texts loaded for ${locale}`);
  return texts;
}
