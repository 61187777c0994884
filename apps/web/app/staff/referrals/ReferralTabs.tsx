import { NavLink } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { STAFF_PATH } from "../staff-paths.ts";

export const STAFF_COMMISSIONS_PATH = `${STAFF_PATH}/referrals`;
export const STAFF_REFERRAL_REVIEWS_PATH = `${STAFF_PATH}/referrals/reviews`;
export const STAFF_REFERRAL_SETTINGS_PATH = `${STAFF_PATH}/settings/referrals`;

/** The referral pages side by side: the commissions to pay, the review queue, the rules. */
export function ReferralTabs() {
  const { t } = useTranslation();
  const tabs = [
    { to: STAFF_COMMISSIONS_PATH, label: t("staffReferrals.commissions.title"), end: true },
    { to: STAFF_REFERRAL_REVIEWS_PATH, label: t("staffReferrals.reviews.title"), end: false },
    { to: STAFF_REFERRAL_SETTINGS_PATH, label: t("staffReferrals.settings.title"), end: false },
  ];
  return (
    <nav aria-label={t("staffReferrals.tabs")} className="-mx-1 mb-5 overflow-x-auto px-1">
      <ul className="flex w-max gap-1 border-b border-stone-200">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className="-mb-px block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-stone-600 hover:text-stone-950 aria-[current=page]:border-stone-900 aria-[current=page]:text-stone-950"
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
