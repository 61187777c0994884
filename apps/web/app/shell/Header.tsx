import { useCallback, useEffect } from "react";
import { Link, useLocation } from "react-router";
import { BRANCHES_PATH } from "../branches/branch-links.ts";
import { useCart } from "../cart/CartProvider.tsx";
import { CART_ITEMS_PARAM, cartItemsOf } from "../cart/cart-notice.ts";
import {
  activeFilterCount,
  productListHref,
  readProductListQuery,
} from "../catalogue/listing/product-query.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CartIcon, MapPinIcon, MenuIcon, SearchIcon, TagIcon, UserIcon } from "../platform/ui/icons.tsx";
import { ScrollRow } from "../platform/ui/ScrollRow.tsx";
import { buttonClass, containerClass } from "../platform/ui/ui.ts";
import { SearchForm } from "../search/SearchForm.tsx";
import { useDrawer } from "./drawer/DrawerProvider.tsx";
import { LanguageMenu } from "./LanguageSwitcher.tsx";
import { useModal } from "./modal/ModalProvider.tsx";
import { useShop } from "./root-data.ts";
import { StoreLogo } from "./StoreLogo.tsx";
import { categoryName } from "./shop.ts";

/** app.css `main-nav-link`: one per category, on every page. */
const NAV_LINK = "main-nav-link";

/**
 * Which link of the main navigation is the page shown: all products with no filter, one category
 * alone, or the sale alone. A list narrowed otherwise (two categories, a price) is none of them.
 */
export function currentNavItem(pathname: string, search: string): string | null {
  if (pathname !== "/products") return null;
  const query = readProductListQuery(new URLSearchParams(search));
  const filters = activeFilterCount(query);
  if (filters === 0) return "all";
  if (filters !== 1) return null;
  if (query.onSale) return "on-sale";
  return query.categories.length === 1 ? `category:${query.categories[0]}` : null;
}

const currentIf = (here: boolean) => (here ? ("page" as const) : undefined);

/** Something the shopper is typing into, where "/" is just a character. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/**
 * "/" anywhere on the page goes to search, as on many sites: the header's box where it shows,
 * SEARCH_VIEW on narrow screens where it does not.
 */
function useSearchShortcut(openSearch: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      if (isTyping(event.target) || document.querySelector('[aria-modal="true"][aria-hidden="false"]'))
        return;
      event.preventDefault();
      const box = document.querySelector<HTMLInputElement>("[data-header-search] input");
      if (box && box.getClientRects().length > 0) box.focus();
      else openSearch();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [openSearch]);
}

export function Header() {
  const { t } = useTranslation();
  const { openDrawer } = useDrawer();
  const { cart, ready } = useCart();
  const openSearch = useCallback(() => openDrawer("SEARCH_VIEW"), [openDrawer]);
  useSearchShortcut(openSearch);
  const { categories, locale, auth, store } = useShop();
  const { openModal } = useModal();
  const { pathname, search } = useLocation();
  const current = currentNavItem(pathname, search);
  // Until the device's cart is read (and always without scripts), a cart form's redirect says how
  // many items the session's saved cart holds (decision 047).
  const cartCount = ready
    ? cart.totalItems
    : (cartItemsOf(new URLSearchParams(search).get(CART_ITEMS_PARAM)) ?? 0);
  return (
    // Opaque: a translucent header showed the page's text blurred behind the nav as it scrolled by.
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white" data-site-header>
      <div className={containerClass}>
        <div className="flex h-16 items-center gap-2 sm:gap-4 lg:h-20">
          <button
            type="button"
            className={`${buttonClass.icon} -ms-2 lg:hidden`}
            onClick={() => openDrawer("MAIN_MENU_VIEW")}
            aria-label={t("nav.open-menu")}
            data-open-main-menu
          >
            <MenuIcon />
          </button>
          <StoreLogo />
          <div className="mx-4 hidden max-w-xl flex-1 md:block" data-header-search>
            <SearchForm />
          </div>
          <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
            <Link
              to="/search"
              className={`${buttonClass.icon} md:hidden`}
              aria-label={t("search.open")}
              aria-keyshortcuts="/"
              onClick={(event) => {
                event.preventDefault();
                openDrawer("SEARCH_VIEW");
              }}
              data-open-search
            >
              <SearchIcon />
            </Link>
            {store.hasBranches ? (
              // A page of its own before scripts run; the LOCATION_BASED_SHOP modal once they do.
              <Link
                to={BRANCHES_PATH}
                className={buttonClass.icon}
                aria-label={t("branches.open")}
                title={t("branches.open")}
                onClick={(event) => {
                  event.preventDefault();
                  openModal("LOCATION_BASED_SHOP");
                }}
                data-open-branches
              >
                <MapPinIcon />
              </Link>
            ) : null}
            <div className="hidden sm:block">
              <LanguageMenu />
            </div>
            <button
              type="button"
              className={buttonClass.icon}
              onClick={() => openDrawer("AUTH_MENU_VIEW")}
              aria-label={t(
                auth.status === "signed-out"
                  ? "account.open"
                  : auth.status === "signed-in" && auth.user.isGuest
                    ? "account.open-guest"
                    : "account.open-signed-in",
              )}
              data-open-account
              data-auth-status={auth.status}
            >
              <UserIcon />
              {auth.status === "signed-out" ? null : (
                <span
                  aria-hidden="true"
                  className={`absolute end-2 top-2 size-2.5 rounded-full ring-2 ring-white ${auth.status === "unverified" ? "bg-amber-500" : "bg-brand"}`}
                />
              )}
            </button>
            {/* A link to the cart page, which works without scripts (decision 047); with them, the drawer. */}
            <Link
              to="/cart"
              className={`${buttonClass.icon} -me-2`}
              onClick={(event) => {
                event.preventDefault();
                openDrawer("cart");
              }}
              aria-label={t("cart.open", { count: cartCount })}
              data-open-cart
              data-cart-count={cartCount}
            >
              <CartIcon />
              {/* Drawn over the icon, so the count appearing after hydration moves nothing. */}
              {cartCount > 0 ? (
                <span
                  aria-hidden="true"
                  className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] font-bold leading-none text-white tabular-nums ring-2 ring-white"
                >
                  {cartCount > 99 ? "99+" : cartCount}
                </span>
              ) : null}
            </Link>
          </div>
        </div>
        {/* A shop with many categories outgrows the bar: it scrolls, says so, and opens on the
            category being browsed (ScrollRow). "On sale" stands beside the row, never in it: at
            the row's end it was clipped under the scroll button, or out of sight altogether. */}
        <nav aria-label={t("nav.main")} className="-mb-px hidden items-center gap-7 lg:flex">
          <div className="min-w-0 flex-1">
            <ScrollRow current={current ?? undefined}>
              <div className="flex w-max min-w-full items-center gap-7">
                <Link to="/products" className={NAV_LINK} aria-current={currentIf(current === "all")}>
                  {t("nav.all-products")}
                </Link>
                {categories.map((category) => (
                  <Link
                    key={category.id}
                    to={productListHref({ categories: [category.slug] })}
                    className={NAV_LINK}
                    aria-current={currentIf(current === `category:${category.slug}`)}
                  >
                    {categoryName(category, locale)}
                  </Link>
                ))}
              </div>
            </ScrollRow>
          </div>
          <Link
            to={productListHref({ onSale: true })}
            className={`${NAV_LINK} flex shrink-0 items-center gap-1.5 text-brand`}
            aria-current={currentIf(current === "on-sale")}
            data-nav-on-sale
          >
            <TagIcon className="size-4" />
            {t("nav.on-sale")}
          </Link>
        </nav>
      </div>
    </header>
  );
}
