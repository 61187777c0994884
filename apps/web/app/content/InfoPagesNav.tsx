import { NavLink, useLocation } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { ScrollRow } from "../platform/ui/ScrollRow.tsx";
import { sideNavLinkClass } from "../platform/ui/ui.ts";
import { useShop } from "../shell/root-data.ts";
import { infoPagePath } from "./info-pages.ts";

const ITEM = `block ${sideNavLinkClass}`;

/**
 * The shop's published information pages, the current one marked: a column beside the page on a
 * wide screen, a strip of tabs above it on a phone (ScrollRow opens it on the current tab). One
 * page alone has nowhere to lead, so it shows no menu.
 */
export function InfoPagesNav() {
  const { t } = useTranslation();
  const { store } = useShop();
  const { pathname } = useLocation();
  if (store.infoPages.length < 2) return null;
  return (
    <nav aria-label={t("info.menu")} className="-mx-4 px-1 sm:mx-0 sm:px-0" data-info-menu>
      <ScrollRow current={pathname}>
        <ul className="flex w-max min-w-full gap-1 px-3 sm:px-0 lg:w-auto lg:flex-col">
          {store.infoPages.map((slug) => (
            <li key={slug}>
              <NavLink to={infoPagePath(slug)} className={ITEM}>
                {t(`info.pages.${slug}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </ScrollRow>
    </nav>
  );
}
