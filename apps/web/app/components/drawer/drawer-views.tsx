import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { productListHref } from "../../lib/product-query.ts";
import { useShop } from "../../lib/root-data.ts";
import { CategoryLinks } from "../CategoryLinks.tsx";
import { CartIcon, GridIcon, InfoIcon, StoreIcon, TagIcon, UserIcon } from "../icons.tsx";
import { useModal } from "../modal/ModalProvider.tsx";
import { LanguageButtons } from "../shell/LanguageSwitcher.tsx";
import { SearchForm } from "../shell/SearchForm.tsx";
import { buttonClass } from "../ui.ts";
import { DrawerFrame } from "./DrawerFrame.tsx";
import { type OpenDrawerState, useDrawer } from "./DrawerProvider.tsx";

function CartDrawer() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  return (
    <DrawerFrame title={t("cart.title")}>
      <div className="flex h-full flex-col items-center justify-center px-8 py-16 text-center">
        <span className="flex size-20 items-center justify-center rounded-full bg-brand/10 text-brand">
          <CartIcon className="size-9" />
        </span>
        <p className="mt-6 text-lg font-semibold text-stone-950">{t("cart.empty-title")}</p>
        <p className="mt-2 max-w-xs text-sm leading-6 text-stone-600">{t("cart.empty-text")}</p>
        <Link to="/products" onClick={closeDrawer} className={`${buttonClass.primary} mt-8`}>
          {t("cart.start-shopping")}
        </Link>
      </div>
    </DrawerFrame>
  );
}

const MENU_LINK =
  "flex items-center gap-3 rounded-xl px-3 py-3 font-medium text-stone-900 hover:bg-stone-100";

function MainMenuDrawer() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  const { openModal } = useModal();
  const { store } = useShop();
  return (
    <DrawerFrame title={t("nav.main-menu")}>
      <nav aria-label={t("nav.main")} className="space-y-6 p-4">
        <ul className="space-y-0.5">
          <li>
            <Link to="/" onClick={closeDrawer} className={MENU_LINK}>
              <StoreIcon className="size-5 text-stone-500" />
              {t("nav.home")}
            </Link>
          </li>
          <li>
            <Link to="/products" onClick={closeDrawer} className={MENU_LINK}>
              <GridIcon className="size-5 text-stone-500" />
              {t("nav.all-products")}
            </Link>
          </li>
          <li>
            <Link to={productListHref({ onSale: true })} onClick={closeDrawer} className={MENU_LINK}>
              <TagIcon className="size-5 text-stone-500" />
              {t("nav.on-sale")}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                closeDrawer();
                openModal("SHOP_INFO", store);
              }}
              className={`${MENU_LINK} w-full text-start`}
            >
              <InfoIcon className="size-5 text-stone-500" />
              {t("nav.shop-info")}
            </button>
          </li>
        </ul>
        <section aria-labelledby="menu-categories">
          <h3
            id="menu-categories"
            className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-stone-500"
          >
            {t("nav.categories")}
          </h3>
          <CategoryLinks onNavigate={closeDrawer} />
        </section>
        <div className="border-t border-stone-200 px-3 pt-6">
          <LanguageButtons />
        </div>
      </nav>
    </DrawerFrame>
  );
}

function AccountDrawer() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  const { openModal } = useModal();
  const { store } = useShop();
  const signIn = () => {
    closeDrawer();
    openModal("LOGIN_VIEW");
  };
  return (
    <DrawerFrame title={t("account.title")}>
      <div className="space-y-8 p-6">
        <div className="flex items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand">
            <UserIcon />
          </span>
          <p className="text-sm leading-6 text-stone-600">{t("account.intro")}</p>
        </div>
        <div className="grid gap-3">
          <button type="button" onClick={signIn} className={buttonClass.primary} data-sign-in>
            {t("account.sign-in")}
          </button>
          {store.globalSettings.isAdminRegister ? null : (
            <button
              type="button"
              onClick={() => {
                closeDrawer();
                openModal("REGISTER");
              }}
              className={buttonClass.secondary}
            >
              {t("account.create-account")}
            </button>
          )}
        </div>
        <ul className="divide-y divide-stone-200 border-y border-stone-200">
          {(["orders", "wishlist", "profile"] as const).map((place) => (
            <li key={place}>
              <button
                type="button"
                onClick={signIn}
                className="flex w-full items-center justify-between py-4 text-start text-stone-900 hover:text-brand"
              >
                {t(`account.${place}`)}
                <span className="text-xs text-stone-500">{t("account.sign-in-needed")}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </DrawerFrame>
  );
}

function SearchDrawer() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  return (
    <DrawerFrame title={t("search.title")}>
      <div className="space-y-8 p-5">
        <SearchForm autoFocus onSearch={closeDrawer} />
        <section aria-labelledby="search-categories">
          <h3
            id="search-categories"
            className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-stone-500"
          >
            {t("search.browse-categories")}
          </h3>
          <CategoryLinks onNavigate={closeDrawer} />
        </section>
      </div>
    </DrawerFrame>
  );
}

function CategoryDrawer() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  return (
    <DrawerFrame title={t("nav.categories")}>
      <div className="p-4">
        <Link to="/products" onClick={closeDrawer} className={`${MENU_LINK} mb-1`}>
          <GridIcon className="size-5 text-stone-500" />
          {t("products.all-categories")}
        </Link>
        <CategoryLinks onNavigate={closeDrawer} />
      </div>
    </DrawerFrame>
  );
}

/** Drawers that belong to later work say so rather than showing an empty panel. */
function NotAvailableDrawer() {
  const { t } = useTranslation();
  return (
    <DrawerFrame title={t("dialog.not-available-title")}>
      <p className="p-6 text-stone-600">{t("dialog.not-available-text")}</p>
    </DrawerFrame>
  );
}

export function DrawerContent({ state }: { state: OpenDrawerState }) {
  switch (state.view) {
    case "cart":
      return <CartDrawer />;
    case "MAIN_MENU_VIEW":
      return <MainMenuDrawer />;
    case "AUTH_MENU_VIEW":
      return <AccountDrawer />;
    case "SEARCH_VIEW":
      return <SearchDrawer />;
    case "LEFT_CATEGORY":
      return <CategoryDrawer />;
    default:
      return <NotAvailableDrawer />;
  }
}
