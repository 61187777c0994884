import type { StaffMe, StaffPermission } from "@stoa/contract";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { LogoutIcon, MenuIcon, StoreIcon } from "../platform/ui/icons.tsx";
import { LanguageMenu } from "../shell/LanguageSwitcher.tsx";
import { useShop } from "../shell/root-data.ts";
import { shopName } from "../shell/shop.ts";
import { STAFF_PATH } from "./staff-paths.ts";

type NavItem = {
  to: string;
  label: string;
  group?: string;
  permission: StaffPermission;
  /** A count waiting there (unread messages), shown beside the label when above zero. */
  count?: number;
};

/**
 * The console's places, in the order of a shop's day, each with the permission its page's calls
 * need (the contract's `permission` of those endpoints): the member sees only what their role may
 * open. A new place joins this list with an item here and a route in routes.ts.
 */
function useNavItems(permissions: readonly StaffPermission[], unread: number): NavItem[] {
  const { t } = useTranslation();
  const items: NavItem[] = [
    { to: `${STAFF_PATH}/today`, label: t("staff.nav.today"), permission: "orders" },
    { to: `${STAFF_PATH}/orders`, label: t("staff.nav.orders"), permission: "orders" },
    { to: `${STAFF_PATH}/board`, label: t("staff.nav.board"), permission: "tables" },
    { to: `${STAFF_PATH}/kitchen`, label: t("staff.nav.kitchen"), permission: "kitchen" },
    { to: `${STAFF_PATH}/diary`, label: t("staff.nav.diary"), permission: "bookings" },
    { to: `${STAFF_PATH}/refunds`, label: t("staff.nav.refunds"), permission: "refunds" },
    { to: `${STAFF_PATH}/gift-cards`, label: t("staff.nav.gift-cards"), permission: "giftCards" },
    { to: `${STAFF_PATH}/tables`, label: t("staff.nav.tables"), permission: "tables" },
    { to: `${STAFF_PATH}/dishes`, label: t("staff.nav.dishes"), permission: "kitchen" },
    { to: `${STAFF_PATH}/messages`, label: t("staff.nav.messages"), permission: "messages", count: unread },
    { to: `${STAFF_PATH}/newsletter`, label: t("staff.nav.newsletter"), permission: "messages" },
    { to: `${STAFF_PATH}/products`, label: t("staff.nav.products"), permission: "stock" },
    { to: `${STAFF_PATH}/stock`, label: t("staff.nav.stock"), permission: "stock" },
    { to: `${STAFF_PATH}/categories`, label: t("staff.nav.categories"), permission: "catalogue" },
    { to: `${STAFF_PATH}/coupons`, label: t("staff.nav.coupons"), permission: "catalogue" },
    { to: `${STAFF_PATH}/referrals`, label: t("staff.nav.referrals"), permission: "catalogue" },
    { to: `${STAFF_PATH}/customers`, label: t("staff.nav.customers"), permission: "catalogue" },
    { to: `${STAFF_PATH}/reviews`, label: t("staff.nav.reviews"), permission: "catalogue" },
    { to: `${STAFF_PATH}/reports`, label: t("staff.nav.reports"), permission: "catalogue" },
    // Settings: each of the shop's settings pages under one heading.
    {
      to: `${STAFF_PATH}/settings/shop`,
      label: t("staff.nav.shop"),
      group: t("staff.nav.settings"),
      permission: "settings",
    },
    {
      to: `${STAFF_PATH}/settings/hours`,
      label: t("staff.nav.hours"),
      group: t("staff.nav.settings"),
      permission: "settings",
    },
    {
      to: `${STAFF_PATH}/settings/delivery`,
      label: t("staff.nav.delivery"),
      group: t("staff.nav.settings"),
      permission: "settings",
    },
    {
      to: `${STAFF_PATH}/settings/post`,
      label: t("staff.nav.post"),
      group: t("staff.nav.settings"),
      permission: "settings",
    },
    {
      to: `${STAFF_PATH}/settings/pickup`,
      label: t("staff.nav.pickup"),
      group: t("staff.nav.settings"),
      permission: "settings",
    },
    {
      to: `${STAFF_PATH}/settings/tax`,
      label: t("staff.nav.tax"),
      group: t("staff.nav.settings"),
      permission: "settings",
    },
    {
      to: `${STAFF_PATH}/settings/logo`,
      label: t("staff.nav.logo"),
      group: t("staff.nav.settings"),
      permission: "settings",
    },
    {
      to: `${STAFF_PATH}/settings/referrals`,
      label: t("staffReferrals.nav-settings"),
      group: t("staff.nav.settings"),
      permission: "settings",
    },
    {
      to: `${STAFF_PATH}/booking-setup`,
      label: t("staff.nav.bookingSetup"),
      group: t("staff.nav.settings"),
      permission: "settings",
    },
    // The owner's: card providers and their keys.
    {
      to: `${STAFF_PATH}/settings/payments`,
      label: t("staff.nav.payments"),
      group: t("staff.nav.settings"),
      permission: "paymentSettings",
    },
    // The owner's pages: who works here and what they changed.
    {
      to: `${STAFF_PATH}/staff`,
      label: t("staff.nav.staff"),
      group: t("staff.nav.team"),
      permission: "staffAccounts",
    },
    {
      to: `${STAFF_PATH}/audit`,
      label: t("staff.nav.audit"),
      group: t("staff.nav.team"),
      permission: "audit",
    },
  ];
  return items.filter((item) => permissions.includes(item.permission));
}

/**
 * A header menu (`<details>`) as a keyboard expects one: Escape closes it and gives the focus back
 * to its button, and it closes once the focus or a click goes elsewhere, so an open menu never
 * covers the control that has the focus behind it.
 */
function useMenuClosing(menu: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const node = menu.current;
    if (!node) return;
    const close = (focusButton: boolean) => {
      if (!node.open) return;
      node.open = false;
      if (focusButton) node.querySelector("summary")?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && node.open) {
        event.preventDefault();
        close(node.contains(document.activeElement));
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !node.contains(next)) close(false);
    };
    const onClick = (event: MouseEvent) => {
      if (!node.contains(event.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    node.addEventListener("focusout", onFocusOut);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      node.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("click", onClick);
    };
  }, [menu]);
}

const NAV_LINK =
  "flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950 aria-[current=page]:bg-stone-900 aria-[current=page]:text-white";

/** A count beside a label: the number for the eye, the words for a screen reader. */
function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="min-w-6 rounded-full bg-amber-400 px-1.5 py-0.5 text-center text-xs font-bold tabular-nums text-amber-950"
      >
        {count > 99 ? "99+" : count}
      </span>
      <span className="sr-only">({label})</span>
    </>
  );
}

function StaffNav({
  id,
  permissions,
  unread,
}: {
  id: string;
  permissions: readonly StaffPermission[];
  unread: number;
}) {
  const { t } = useTranslation();
  const items = useNavItems(permissions, unread);
  const groups: { name?: string; items: NavItem[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.name === item.group) last.items.push(item);
    else groups.push({ name: item.group, items: [item] });
  }
  return (
    <nav aria-label={t("staff.nav-label")} id={id} data-staff-nav>
      {groups.map((group) => (
        <div key={group.name ?? "main"} className={group.name ? "mt-4" : undefined}>
          {group.name ? (
            <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">
              {group.name}
            </p>
          ) : null}
          <ul className="space-y-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                {/* A detail page (an order) keeps its list's item marked. */}
                <NavLink
                  to={item.to}
                  className={NAV_LINK}
                  end={false}
                  data-staff-nav-count={item.count ? item.count : undefined}
                >
                  <span className="min-w-0 truncate">{item.label}</span>
                  {item.count ? (
                    <CountBadge count={item.count} label={t("staff.nav.unread", { count: item.count })} />
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SignOut({ className, everywhere = false }: { className: string; everywhere?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={`${STAFF_PATH}/logout`} data-staff-logout={everywhere ? "everywhere" : ""}>
      {everywhere ? <input type="hidden" name="everywhere" value="1" /> : null}
      <button type="submit" className={className}>
        <LogoutIcon className="size-4" />
        {t(everywhere ? "staff.sign-out-everywhere" : "staff.sign-out")}
      </button>
    </Form>
  );
}

/** The member's own menu on a wide screen: their name and role, signing out here or everywhere. */
function MemberMenu({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  useMenuClosing(menu);
  return (
    <details ref={menu} className="relative hidden lg:block" data-staff-member-menu>
      <summary className="flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg px-3 text-sm text-stone-600 hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{t("staff.signed-in-as")} </span>
        <span className="font-semibold text-stone-900" data-staff-member>
          {me.name}
        </span>
        <span
          className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600"
          data-staff-role={me.role}
        >
          {t(`staff.roles.${me.role}`)}
        </span>
      </summary>
      <div className="absolute end-0 top-full z-40 mt-1 w-64 rounded-xl border border-stone-200 bg-white p-2 shadow-lg">
        <p className="truncate px-3 py-2 text-xs text-stone-500">{me.email}</p>
        <SignOut className={MENU_BUTTON} />
        <SignOut className={MENU_BUTTON} everywhere />
      </div>
    </details>
  );
}

const MENU_BUTTON =
  "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950";

/** A console page the member's role may not open (the API answered STAFF_ROLE_FORBIDDEN). */
export function StaffRoleProblem() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-lg py-16 text-center" data-problem="staff-role">
      <p className="text-6xl font-black text-stone-200 tabular-nums">403</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-950">
        {t("staff.role-problem.title")}
      </h1>
      <p className="mt-3 text-stone-600">{t("staff.role-problem.text")}</p>
      <Link
        to={`${STAFF_PATH}/today`}
        className="mt-8 inline-flex items-center rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-800"
      >
        {t("staff.role-problem.back")}
      </Link>
    </section>
  );
}

/**
 * On a phone the nav is a disclosure (`<details>`), which opens without scripts; with them, it
 * closes again once a link in it was followed.
 */
function PhoneMenu({ me, unread }: { me: StaffMe; unread: number }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (details.current && pathname) details.current.open = false;
  }, [pathname]);
  useMenuClosing(details);
  return (
    <details ref={details} className="group lg:hidden" data-staff-menu>
      <summary className="flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg px-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <MenuIcon className="size-5" />
        {t("staff.menu")}
        {unread > 0 ? <CountBadge count={unread} label={t("staff.nav.unread", { count: unread })} /> : null}
      </summary>
      {/* Under a sticky header the panel does not scroll with the page: it scrolls on its own, so the
          last pages and signing out stay reachable on a short phone. */}
      <div className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-3.5rem)] overflow-y-auto overscroll-contain border-b border-stone-200 bg-white px-4 pt-3 pb-4 shadow-lg">
        <StaffNav id="staff-nav-phone" permissions={me.permissions} unread={unread} />
        <div className="mt-4 border-t border-stone-200 pt-4">
          <p className="min-w-0 text-sm text-stone-600">
            {t("staff.signed-in-as")} <span className="font-semibold text-stone-900">{me.name}</span>{" "}
            <span className="text-stone-500">({t(`staff.roles.${me.role}`)})</span>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <SignOut className={PHONE_BUTTON} />
            <SignOut className={PHONE_BUTTON} everywhere />
          </div>
        </div>
      </div>
    </details>
  );
}

const PHONE_BUTTON =
  "inline-flex items-center gap-1.5 rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50";

/** The console's frame: the shop's name, who is signed in, the nav, and the page. No shop header or footer. */
export function StaffShell({
  me,
  unread = 0,
  children,
}: {
  me: StaffMe;
  /** Contact messages nobody opened yet (zero for a member who may not read them). */
  unread?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  return (
    <div className="min-h-dvh bg-stone-50" data-staff-shell>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-stone-900 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-2 focus:px-4 focus:py-2.5 focus:outline-offset-2"
      >
        {t("staff.skip")}
      </a>
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="relative flex h-14 items-center justify-between gap-3 px-3 sm:px-5">
          <div className="flex min-w-0 items-center gap-2">
            <PhoneMenu me={me} unread={unread} />
            <NavLink
              to={`${STAFF_PATH}/today`}
              className="flex min-w-0 items-center gap-2 rounded-lg px-1 py-1"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand text-white">
                <StoreIcon className="size-4" />
              </span>
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-stone-950" data-staff-shop>
                  {shopName(store, locale)}
                </span>
                <span className="block truncate text-xs text-stone-500">{t("staff.console")}</span>
              </span>
            </NavLink>
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            <LanguageMenu />
            <MemberMenu me={me} />
          </div>
        </div>
      </header>
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="hidden border-e border-stone-200 bg-white px-3 py-5 lg:block lg:min-h-[calc(100dvh-3.5rem)]">
          <StaffNav id="staff-nav" permissions={me.permissions} unread={unread} />
          <a
            href="/"
            className="mt-6 block rounded-lg px-3 py-2 text-sm text-stone-500 hover:bg-stone-100 hover:text-stone-900"
          >
            {t("staff.view-shop")}
          </a>
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 px-3 py-5 outline-none sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
