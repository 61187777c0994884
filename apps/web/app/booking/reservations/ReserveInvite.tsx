import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ArrowEndIcon, ClockIcon } from "../../platform/ui/icons.tsx";
import { containerClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";

/**
 * A restaurant's home page invites guests to reserve a table (`/reserve`); the store answer does not
 * say which shops take reservations, and restaurants are the ones that do.
 */
export function ReserveInvite() {
  const { t } = useTranslation();
  const { store } = useShop();
  if (store.vertical !== "restaurant") return null;
  return (
    <div className={`${containerClass} mt-8`}>
      <Link
        to="/reserve"
        className="flex items-center gap-4 rounded-3xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand sm:p-5"
        data-reserve-invite
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand/10 text-brand">
          <ClockIcon className="size-6" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-stone-950">{t("reserve.title")}</span>
          <span className="block text-sm text-stone-600">{t("reserve.invite")}</span>
        </span>
        <ArrowEndIcon className="size-5 shrink-0 text-brand" />
      </Link>
    </div>
  );
}
