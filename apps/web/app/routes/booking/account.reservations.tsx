import { Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountLayout } from "../../account/AccountLayout.tsx";
import { ReservationCard } from "../../booking/reservations/ReservationCard.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { EmptyState } from "../../platform/ui/EmptyState.tsx";
import { ClockIcon } from "../../platform/ui/icons.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/account.reservations";

/** The signed-in customer's reservations in this shop, the latest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const { storeApi } = context;
  if (!signedInCustomer((await storeApi.session()).auth)) return { reservations: null };
  const { reservations } = await storeApi.page("myReservations", {});
  return { reservations };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/account/reservations", (t) => t("account.reservations.title"));

export default function AccountReservations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { reservations } = loaderData;
  return (
    <RequireAuth ready={reservations !== null}>
      {reservations ? (
        <AccountLayout title={t("account.reservations.title")}>
          {reservations.length === 0 ? (
            <EmptyState
              icon={<ClockIcon className="size-8" />}
              title={t("account.reservations.empty-title")}
              text={t("account.reservations.empty-text")}
              action={
                <Link to="/reserve" className={buttonClass.primary}>
                  {t("reserve.title")}
                </Link>
              }
              data-reservations-empty
            />
          ) : (
            <ul className="space-y-4" data-reservations>
              {reservations.map((reservation) => (
                <li key={reservation.id}>
                  <ReservationCard reservation={reservation} />
                </li>
              ))}
            </ul>
          )}
        </AccountLayout>
      ) : null}
    </RequireAuth>
  );
}
