import type { TFunction } from "i18next";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { I18n } from "./i18n.ts";

type Translation = { t: TFunction };

const TranslationContext = createContext<Translation | null>(null);

/**
 * The page's `t`, made once per language. react-i18next's own hook copies the i18next instance and
 * builds a fixed `t` for every component that calls it: on a server-rendered listing of sixty cards
 * that was the largest single cost of the render. A page's language never changes without the
 * provider being made again (StorefrontProviders), so one `t` serves every component.
 */
export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const value = useMemo(() => ({ t: i18n.t }), [i18n]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

export function useTranslation(): Translation {
  const translation = useContext(TranslationContext);
  if (!translation) throw new Error("useTranslation outside TranslationProvider");
  return translation;
}
