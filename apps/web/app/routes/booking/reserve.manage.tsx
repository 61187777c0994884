import { data, Form, Link, useNavigation } from "react-router";
import { SubmitButton } from "../../account/FormButtons.tsx";
import { FormAlert } from "../../account/FormMessages.tsx";
import { shopTimeLabel } from "../../booking/appointments/calendar-days.ts";
import { ReservationCard } from "../../booking/reservations/ReservationCard.tsx";
import type { ActionFailure } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { CheckCircleIcon, DownloadIcon } from "../../platform/ui/icons.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/reserve.manage";

/*
 * A reservation's own page, opened by the link its guest got (`/reserve/manage/<token>`): the code,
 * the time on the shop's clock, an "Add to calendar" file, and a cancel button (a plain form) until
 * the shop's cancellation window closes.
 */

export async function loader({ context, params }: Route.LoaderArgs) {
  const reservation = await context.storeApi.page("reservationByToken", { body: { token: params.token } });
  return { reservation };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  const title = root?.kind === "shop" ? metaTranslator(root).t("reserve.manage-title") : undefined;
  // The link is the key to the reservation: never indexed.
  return [
    ...shopMeta(root, { ...(title ? { title } : {}), path: "/reserve" }),
    { name: "robots", content: "noindex" },
  ];
};

export async function action({ context, params }: Route.ActionArgs) {
  const outcome = await context.storeApi.form("cancelReservation", { body: { token: params.token } });
  if (!outcome.ok) return data(outcome.failure, { status: outcome.status });
  return { ok: true as const };
}

export default function ReservationPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const navigation = useNavigation();
  const { reservation } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : undefined;
  const active = reservation.status === "confirmed";
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8" data-reservation-page>
      {active ? (
        <p className="flex items-center gap-2 font-medium text-emerald-800" role="status">
          <CheckCircleIcon className="size-5" />
          {t("reserve.confirmed")}
        </p>
      ) : null}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-950">
        {t("reserve.manage-heading", { store: reservation.storeName })}
      </h1>
      <div className="mt-8 space-y-6">
        <ReservationCard reservation={reservation}>
          <div className="mt-6 flex flex-col gap-3 border-t border-stone-200 pt-5 sm:flex-row sm:flex-wrap">
            {active ? (
              <a
                href={`/reserve/manage/${params.token}/calendar.ics`}
                download={`${reservation.code}.ics`}
                className={`${buttonClass.secondary} w-full sm:w-auto`}
                data-add-to-calendar
              >
                <DownloadIcon className="size-4" />
                {t("reserve.add-to-calendar")}
              </a>
            ) : null}
            <Link to="/reserve" className={`${buttonClass.quiet} w-full sm:w-auto`}>
              {t("reserve.another")}
            </Link>
          </div>
        </ReservationCard>
        {active ? (
          <section
            className="space-y-3 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7"
            data-cancel-section
          >
            <h2 className="text-lg font-semibold text-stone-950">{t("reserve.cancel-title")}</h2>
            <FormAlert failure={failure} onClose={() => undefined} />
            {reservation.cancellable ? (
              <Form method="post" className="space-y-3">
                <p className="text-sm text-stone-600">
                  {t("reserve.cancel-until", {
                    day: shopTimeLabel(reservation.cancelUntil, reservation.timezone, locale),
                  })}
                </p>
                <SubmitButton busy={navigation.state === "submitting"} tone="danger" className="sm:w-auto">
                  {t("reserve.cancel")}
                </SubmitButton>
              </Form>
            ) : (
              <p className="text-sm text-stone-700" data-cancel-closed>
                {t("reserve.cancel-closed")}
              </p>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
