import type { User } from "@stoa/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoutForm } from "../../account/AccessGate.tsx";
import { useAccountMenu } from "../../account/AccountLayout.tsx";
import { CartDrawer } from "../../cart/CartDrawer.tsx";
import { CategoryLinks } from "../../catalogue/categories/CategoryLinks.tsx";
import { BrowseDrawer, CategoryTreeDrawer, FilterDrawer } from "../../catalogue/listing/ListingDrawers.tsx";
import { productListHref } from "../../catalogue/listing/product-query.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { displayName } from "../../platform/session/auth-state.ts";
import {
  GridIcon,
  InfoIcon,
  LogoutIcon,
  MailIcon,
  StoreIcon,
  TagIcon,
  UserIcon,
} from "../../platform/ui/icons.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { SearchViewBody } from "../../search/SearchView.tsx";
import { LanguageButtons } from "../LanguageSwitcher.tsx";
import { useModal } from "../modal/ModalProvider.tsx";
import { useAuth, useShop } from "../root-data.ts";
import { DrawerFrame } from "./DrawerFrame.tsx";
import { type OpenDrawerState, useDrawer } from "./DrawerProvider.tsx";

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

function SignedOutAccount() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  const { openModal } = useModal();
  const { store } = useShop();
  return (
    <div className="space-y-8 p-6">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand">
          <UserIcon />
        </span>
        <p className="text-sm leading-6 text-stone-600">{t("account.intro")}</p>
      </div>
      <div className="grid gap-3">
        <button
          type="button"
          onClick={() => {
            closeDrawer();
            openModal("LOGIN_VIEW");
          }}
          className={buttonClass.primary}
          data-sign-in
        >
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
            data-register
          >
            {t("account.create-account")}
          </button>
        )}
      </div>
    </div>
  );
}

/** The account pages this session may open (AccountLayout's menu), closing the drawer on the way. */
function AccountMenuLinks() {
  const { closeDrawer } = useDrawer();
  return useAccountMenu().map((link) => (
    <li key={link.to}>
      <Link to={link.to} onClick={closeDrawer} className={MENU_LINK}>
        <span className="text-stone-500">{link.icon}</span>
        {link.label}
      </Link>
    </li>
  ));
}

/** A guest session (guest checkout): its orders, sign in or register instead, or end it. */
function GuestAccount() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <SignedOutAccount />
      <ul className="space-y-0.5 border-t border-stone-200 px-3 pt-4" data-guest-menu>
        <AccountMenuLinks />
      </ul>
      <div className="border-t border-stone-200 px-6 pt-6">
        <p className="mb-3 text-sm text-stone-600">{t("account.guest-session")}</p>
        <LogoutForm className={`${buttonClass.quiet} -ms-3`}>
          <LogoutIcon className="size-5" />
          {t("account.end-guest")}
        </LogoutForm>
      </div>
    </div>
  );
}

function SignedInAccount({ user }: { user: User }) {
  const { t } = useTranslation();
  const name = displayName(user);
  const contact = user.email ?? (user.phone ? `+${user.countryCode ?? ""} ${user.phone}` : "");
  return (
    <div className="space-y-6 p-6">
      <div className="flex items-center gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-lg font-semibold text-white">
          {(name || contact).slice(0, 1).toUpperCase() || <UserIcon />}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-950" data-account-name>
            {name ? t("account.greeting", { name }) : t("account.greeting-anonymous")}
          </p>
          {contact ? (
            <p className="truncate text-sm text-stone-600">
              <bdi dir="ltr">{contact}</bdi>
            </p>
          ) : null}
        </div>
      </div>
      <ul className="space-y-0.5">
        <AccountMenuLinks />
        <li>
          <LogoutForm className={`${MENU_LINK} w-full text-start`}>
            <LogoutIcon className="size-5 text-stone-500" />
            {t("Logout")}
          </LogoutForm>
        </li>
      </ul>
    </div>
  );
}

/** AUTH_MENU_VIEW: sign in or register when signed out; profile, password and sign-out when signed in. */
function AccountDrawer() {
  const { t } = useTranslation();
  const auth = useAuth();
  let content: ReactNode;
  if (auth.status === "signed-in") {
    content = auth.user.isGuest ? <GuestAccount /> : <SignedInAccount user={auth.user} />;
  } else if (auth.status === "unverified") {
    content = <UnverifiedAccount />;
  } else {
    content = <SignedOutAccount />;
  }
  return <DrawerFrame title={t("account.title")}>{content}</DrawerFrame>;
}

/** Registered but not verified: the way to the verify-email page, and out. */
function UnverifiedAccount() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  return (
    <div className="space-y-6 p-6">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <MailIcon />
        </span>
        <p className="text-sm leading-6 text-stone-600">{t("email-not-verified")}</p>
      </div>
      <Link to="/verify-email" onClick={closeDrawer} className={`${buttonClass.primary} w-full`}>
        {t("account.verify-email")}
      </Link>
      <LogoutForm className={`${buttonClass.secondary} w-full`}>{t("Logout")}</LogoutForm>
    </div>
  );
}

function SearchDrawer() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  return (
    <DrawerFrame title={t("search.title")}>
      <div className="p-5">
        <SearchViewBody onDone={closeDrawer} />
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
      return <CategoryTreeDrawer />;
    case "LEFT_MENU":
      return <BrowseDrawer />;
    case "FILTER_VIEW":
      return <FilterDrawer />;
    case "SEARCH_FILTER":
      return <FilterDrawer search={state.data} />;
    default:
      return <NotAvailableDrawer />;
  }
}
