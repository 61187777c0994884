import { NavLink } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { STAFF_PATH } from "../staff-paths.ts";

const TAB =
  "inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold text-stone-600 hover:text-stone-950 aria-[current=page]:bg-white aria-[current=page]:text-stone-950 aria-[current=page]:shadow-sm";

/** The two lists of the shop's mail side by side: the contact messages and the newsletter's subscribers. */
export function MessagesTabs() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t("staff.messages.tabs")}
      className="mb-5 inline-flex gap-1 rounded-lg bg-stone-200/70 p-1"
    >
      <NavLink to={`${STAFF_PATH}/messages`} className={TAB} end={false}>
        {t("staff.nav.messages")}
      </NavLink>
      <NavLink to={`${STAFF_PATH}/newsletter`} className={TAB} end>
        {t("staff.nav.newsletter")}
      </NavLink>
    </nav>
  );
}
