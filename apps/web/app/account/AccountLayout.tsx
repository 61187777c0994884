import type { ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import {
  ClockIcon,
  DownloadIcon,
  GiftIcon,
  LockIcon,
  LogoutIcon,
  MapPinIcon,
  ParcelIcon,
  RefundIcon,
  UserIcon,
} from "../platform/ui/icons.tsx";
import { ScrollRow } from "../platform/ui/ScrollRow.tsx";
import { containerClass, sideNavLinkClass } from "../platform/ui/ui.ts";
import { useAuth, useShop } from "../shell/root-data.ts";
import { HeartIcon } from "../wishlist/HeartIcon.tsx";
import { LogoutForm } from "./AccessGate.tsx";

const ITEM = `flex items-center gap-3 ${sideNavLinkClass}`;

type AccountLink = { to: string; icon: ReactNode; label: string; customersOnly: boolean };

/**
 * The account menu: the shopper's orders and what follows from them for every session, guests
 * included (spec §6); profile, wishlist and password only for registered customers.
 */
function useAccountLinks(): AccountLink[] {
  const { t } = useTranslation();
  const { store } = useShop();
  return [
    {
      to: "/profile",
      icon: <UserIcon className="size-5" />,
      label: t("account.profile"),
      customersOnly: true,
    },
    {
      to: "/addresses",
      icon: <MapPinIcon className="size-5" />,
      label: t("address.book"),
      customersOnly: true,
    },
    {
      to: "/orders",
      icon: <ParcelIcon className="size-5" />,
      label: t("orders.title"),
      customersOnly: false,
    },
    {
      to: "/refunds",
      icon: <RefundIcon className="size-5" />,
      label: t("refunds.title"),
      customersOnly: false,
    },
    {
      to: "/account/bookings",
      icon: <ClockIcon className="size-5" />,
      label: t("account.bookings.title"),
      customersOnly: true,
    },
    {
      to: "/downloads",
      icon: <DownloadIcon className="size-5" />,
      label: t("downloads.title"),
      customersOnly: false,
    },
    {
      to: "/account/reservations",
      icon: <ClockIcon className="size-5" />,
      label: t("account.reservations.title"),
      customersOnly: true,
    },
    ...(store.shopSettings.referrals
      ? [
          {
            to: "/account/referrals",
            icon: <GiftIcon className="size-5" />,
            label: t("referral.title"),
            customersOnly: true,
          },
        ]
      : []),
    {
      to: "/wishlist",
      icon: <HeartIcon className="size-5" />,
      label: t("wishlist.title"),
      customersOnly: true,
    },
    {
      to: "/change-password",
      icon: <LockIcon className="size-5" />,
      label: t("change-password.title"),
      customersOnly: true,
    },
  ];
}

/** The links of the account menu this session may use. */
export function useAccountMenu(): AccountLink[] {
  const auth = useAuth();
  const guest = auth.status === "signed-in" && auth.user.isGuest;
  const links = useAccountLinks();
  return guest ? links.filter((link) => !link.customersOnly) : links;
}

/** The frame of the account pages: a heading and the account menu beside (or above) the page. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const guest = auth.status === "signed-in" && auth.user.isGuest;
  const links = useAccountMenu();
  const { pathname } = useLocation();
  return (
    <div className={`${containerClass} py-8 sm:py-12`}>
      <p className="text-sm font-medium text-stone-500">{t("account.title")}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-stone-950">{title}</h1>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
        {/* A phone shows the menu as a strip of tabs wider than itself: it scrolls, says so, and
            opens on the page's own tab (ScrollRow); beside the page it is a plain column. */}
        <nav aria-label={t("account.menu")} className="-mx-4 px-1 sm:mx-0 sm:px-0" data-account-menu>
          <ScrollRow current={pathname}>
            <ul className="flex w-max min-w-full gap-1 px-3 sm:px-0 lg:w-auto lg:flex-col">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={ITEM}>
                    {link.icon}
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <LogoutForm className={`${ITEM} w-full`}>
                  <LogoutIcon className="size-5" />
                  {t(guest ? "account.end-guest" : "Logout")}
                </LogoutForm>
              </li>
            </ul>
          </ScrollRow>
        </nav>
        <div className="min-w-0 space-y-6">{children}</div>
      </div>
    </div>
  );
}

/** A white panel of an account page. */
export function AccountCard({
  title,
  description,
  action,
  children,
  ...rest
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
} & { [data: `data-${string}`]: string | boolean | undefined }) {
  return (
    <section className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7" {...rest}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-stone-950">{title}</h2>
          {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
        </div>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
