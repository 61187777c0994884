import { type Booking, formatMoney } from "@stoa/contract";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  DayCalendar,
  stepClass,
  stepTitleClass,
  TimeChoices,
} from "../../booking/appointments/AppointmentParts.tsx";
import {
  addDays,
  CALENDAR_DAYS,
  dayLabel,
  shopTimeLabel,
  todayIn,
} from "../../booking/appointments/calendar-days.ts";
import { type ActionFailure, failureText } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/appointment-manage";

/*
 * `/appointment/manage/:token`: the booking a manage link opens (guests' and signed-in shoppers'
 * alike) — its code, its time in the shop's zone with the zone named, the calendar file, and while
 * the cancellation window allows, moving it to another free time or cancelling it. Plain forms.
 */

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const answer = await storeApi.pageAnswer("bookingManageView", { body: { token: params.token } });
  if (!answer.ok) return { booking: null, slots: null, day: null };
  const booking = answer.data;
  if (!booking.changeable) return { booking, slots: null, day: null };
  const from = todayIn(booking.timezone);
  const slots = await storeApi.page("bookingTimeslotList", {
    query: { serviceId: booking.serviceId, from, to: addDays(from, CALENDAR_DAYS - 1) },
  });
  const search = new URL(request.url).searchParams;
  const day = slots.days.find((d) => d.date === search.get("day")) ?? null;
  return { booking, slots, day };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/appointment" });
  return [
    ...shopMeta(root, { title: metaTranslator(root).t("appointment.manage.title"), path: "/appointment" }),
    { name: "robots", content: "noindex" },
  ];
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = params.token;
  const here = `/appointment/manage/${token}`;
  const outcome =
    form.get("intent") === "cancel"
      ? await context.storeApi.form("bookingManageCancel", { body: { token, reason: "" } })
      : await context.storeApi.form("bookingManageUpdate", {
          body: {
            token,
            version: Number(form.get("version")),
            startsAt: String(form.get("startsAt") ?? ""),
            resourceId: null,
          },
        });
  if (outcome.ok) return redirect(here);
  return data(outcome.failure, { status: outcome.status });
}

function Fact({ label, children, name }: { label: string; children: React.ReactNode; name: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4" data-fact={name}>
      <dt className="text-sm text-stone-500 sm:w-32 sm:shrink-0">{label}</dt>
      <dd className="font-medium text-stone-950">{children}</dd>
    </div>
  );
}

/** The booking's facts: code, service, who, when (in the shop's zone, named), status, deposit. */
export function BookingFacts({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const money = (amount: number) => formatMoney(amount, booking.currency, locale);
  return (
    <dl className="space-y-3">
      <Fact label={t("appointment.manage.code")} name="code">
        <bdi dir="ltr" className="font-mono text-lg tracking-wider" data-booking-code>
          {booking.code}
        </bdi>
      </Fact>
      <Fact label={t("appointment.manage.service")} name="service">
        {booking.serviceName}
      </Fact>
      <Fact label={t("appointment.manage.with")} name="resource">
        {booking.resourceName}
      </Fact>
      <Fact label={t("appointment.manage.when")} name="when">
        <time dateTime={booking.startsAt} data-local-time={booking.localTime}>
          {shopTimeLabel(booking.startsAt, booking.timezone, locale)}
        </time>
        <span className="block text-sm font-normal text-stone-500">
          {t("appointment.zone", { zone: booking.timezone })}
        </span>
      </Fact>
      <Fact label={t("appointment.manage.status")} name="status">
        <span data-booking-status={booking.status}>{t(`appointment.manage.${booking.status}`)}</span>
        {booking.depositStatus === "paid" ? (
          <span className="block text-sm font-normal text-stone-600">
            {t("appointment.manage.deposit-paid", { amount: money(booking.deposit) })}
          </span>
        ) : booking.depositStatus === "refunded" ? (
          <span className="block text-sm font-normal text-stone-600" data-deposit-refunded>
            {t("appointment.manage.deposit-refunded", { amount: money(booking.deposit) })}
          </span>
        ) : null}
      </Fact>
    </dl>
  );
}

export default function AppointmentManage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const navigation = useNavigation();
  const { booking, slots, day } = loaderData;
  const failure = actionData as ActionFailure | undefined;
  const here = `/appointment/manage/${params.token}`;
  if (!booking)
    return (
      <div className="mx-auto w-full max-w-xl space-y-4 px-4 py-10" data-booking-invalid>
        <h1 className="text-2xl font-bold text-stone-950">{t("appointment.manage.title")}</h1>
        <p className="text-stone-700">{t("appointment.manage.invalid")}</p>
        <Link to="/appointment" className={`${buttonClass.primary} min-h-11`}>
          {t("appointment.manage.book-again")}
        </Link>
      </div>
    );
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto w-full max-w-2xl space-y-5 px-4 py-6 sm:py-10" data-booking-manage={booking.id}>
      <h1 className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl">
        {t("appointment.manage.title")}
      </h1>
      {failure && !failure.ok ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800"
          data-booking-error={failure.code}
        >
          {failureText(failure, t)}
        </p>
      ) : null}
      <section className={stepClass}>
        <BookingFacts booking={booking} />
        <a
          href={`${here}/calendar.ics`}
          className={`${buttonClass.secondary} min-h-11 w-full sm:w-auto`}
          download
          data-calendar-file
        >
          {t("appointment.manage.calendar")}
        </a>
      </section>
      {booking.status === "cancelled" ? (
        <p className="text-stone-700" data-cancelled>
          {t("appointment.manage.cancelled-note")}
        </p>
      ) : booking.changeable && slots ? (
        <>
          <p className="text-sm text-stone-600">
            {t("appointment.manage.until", {
              until: shopTimeLabel(booking.changeableUntil, booking.timezone, locale),
            })}
          </p>
          <section className={stepClass} id="move" aria-labelledby="move-title">
            <h2 id="move-title" className={stepTitleClass}>
              {t("appointment.manage.reschedule")}
            </h2>
            <DayCalendar
              slots={slots}
              chosen={day?.date ?? null}
              href={(date) => `${here}?day=${date}#move`}
            />
            {day ? (
              <Form method="post" className="space-y-3" data-move-form>
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="version" value={booking.version} />
                <p className="text-sm font-medium text-stone-800">{dayLabel(day.date, locale, "long")}</p>
                <TimeChoices times={day.times} />
                <button
                  type="submit"
                  className={`${buttonClass.primary} min-h-12 w-full`}
                  disabled={busy}
                  data-move
                >
                  {t("appointment.manage.reschedule-submit")}
                </button>
              </Form>
            ) : null}
          </section>
          <Form method="post" className={stepClass} data-cancel-form>
            <input type="hidden" name="intent" value="cancel" />
            <h2 className={stepTitleClass}>{t("appointment.manage.cancel")}</h2>
            <button
              type="submit"
              className={`${buttonClass.secondary} min-h-12 w-full`}
              disabled={busy}
              data-cancel
            >
              {t("appointment.manage.cancel-submit")}
            </button>
          </Form>
        </>
      ) : (
        <p className="text-stone-700" data-too-late>
          {t("appointment.manage.too-late")}
        </p>
      )}
      <Link to="/appointment" className="inline-block text-sm font-medium text-brand underline">
        {t("appointment.manage.book-again")}
      </Link>
    </div>
  );
}
