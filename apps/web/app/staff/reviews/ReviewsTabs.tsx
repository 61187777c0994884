import { NavLink } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { STAFF_PATH } from "../staff-paths.ts";

const TAB =
  "inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold text-stone-600 hover:text-stone-950 aria-[current=page]:bg-white aria-[current=page]:text-stone-950 aria-[current=page]:shadow-sm";

/** The console's Reviews area: the moderation queue, the rating figures per product, the rules. */
export function ReviewsTabs() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t("staffReviews.tabs")}
      className="mb-5 inline-flex flex-wrap gap-1 rounded-lg bg-stone-200/70 p-1"
    >
      <NavLink to={`${STAFF_PATH}/reviews`} className={TAB} end>
        {t("staffReviews.queue")}
      </NavLink>
      <NavLink to={`${STAFF_PATH}/reviews/ratings`} className={TAB} end>
        {t("staffReviews.ratings.title")}
      </NavLink>
      <NavLink to={`${STAFF_PATH}/reviews/settings`} className={TAB} end>
        {t("staffReviews.settings.title")}
      </NavLink>
    </nav>
  );
}
