import { randomBytes } from "node:crypto";
import { IDEMPOTENCY_KEY_HEADER, type ReservableService, reserveBodySchema } from "@stoa/contract";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SubmitButton } from "../../account/FormButtons.tsx";
import { TextAreaField, TextField } from "../../account/FormFields.tsx";
import { FormAlert } from "../../account/FormMessages.tsx";
import { MonthCalendar } from "../../booking/reservations/MonthCalendar.tsx";
import { dayText, monthOf, monthRange, shiftMonth, shopToday } from "../../booking/reservations/shop-time.ts";
import { choiceOf, type ReserveChoice, reserveHref, waitlistHref } from "../../booking/reservations/steps.ts";
import { TimeSlots } from "../../booking/reservations/TimeSlots.tsx";
import { ZoneNote } from "../../booking/reservations/ZoneNote.tsx";
import {
  type ActionFailure,
  type FieldErrors,
  failureText,
  invalidFields,
} from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { EmptyState } from "../../platform/ui/EmptyState.tsx";
import { ClockIcon } from "../../platform/ui/icons.tsx";
import { buttonClass, containerClass, inputClass } from "../../platform/ui/ui.ts";
import { useAuth, useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/reserve";

/*
 * `/reserve` (issue 35): a table for a party, step by step on one calm page — the service and party
 * size, a day of a month calendar that shows which days have room, a time (SEL_TIME, or a grid of
 * links without scripts), the details, confirm. Every step is a link or a plain form, its choices
 * in the address, so the page works without JavaScript and the back button goes a step back.
 */

export async function loader({ context, request }: Route.LoaderArgs) {
  const { storeApi } = context;
  const { services, timezone, horizonDays } = await storeApi.page("reservableServices", {});
  const today = shopToday(timezone);
  const choice = choiceOf(new URL(request.url).searchParams, services, today);
  if (!choice)
    return {
      services,
      timezone,
      today,
      choice: null,
      workdays: null,
      slots: null,
      lastMonth: today.slice(0, 7),
      renderKey: "",
    };
  const { from, to } = monthRange(choice.month);
  const [workdays, slots] = await Promise.all([
    storeApi.page("reservationWorkdays", {
      query: { serviceId: choice.service, from, to, partySize: choice.party },
    }),
    choice.date
      ? storeApi
          .pageAnswer("reservationTimeslots", {
            query: { serviceId: choice.service, date: choice.date, partySize: choice.party },
          })
          .then((answer) => (answer.ok ? answer.data.slots : []))
      : null,
  ]);
  const lastDay = new Date(Date.parse(`${today}T00:00:00Z`) + horizonDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    services,
    timezone,
    today,
    choice,
    workdays,
    slots,
    lastMonth: monthOf(lastDay),
    // One key per page: a form sent twice (a double tap, a retry) makes one reservation.
    renderKey: randomBytes(16).toString("base64url"),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/reserve" });
  return shopMeta(root, { title: metaTranslator(root).t("reserve.title"), path: "/reserve" });
};

type Typed = Partial<Record<"name" | "phone" | "email" | "note", string>>;
type Answer = (ActionFailure & { typed: Typed }) | undefined;

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const typed: Typed = { name: text("name"), phone: text("phone"), email: text("email"), note: text("note") };
  const check = validateWith(reserveBodySchema, {
    ...typed,
    serviceId: Number(text("serviceId")),
    date: text("date"),
    start: text("start"),
    partySize: Number(text("partySize")),
  });
  if (!check.ok) return data({ ...invalidFields(check.fields), typed }, { status: 400 });
  const key = text("key");
  const outcome = await context.storeApi.form(
    "reserve",
    { body: check.data },
    key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {},
  );
  if (!outcome.ok) return data({ ...outcome.failure, typed }, { status: outcome.status });
  return redirect(`/reserve/manage/${outcome.data.manageToken}`);
}

function PartyStep({ services, choice }: { services: ReservableService[]; choice: ReserveChoice }) {
  const { t } = useTranslation();
  const service = services.find((s) => s.id === choice.service) as ReservableService;
  const sizes = Array.from(
    { length: service.partyMax - service.partyMin + 1 },
    (_, i) => service.partyMin + i,
  );
  return (
    <Form
      method="get"
      action="/reserve"
      preventScrollReset
      className="space-y-5 rounded-3xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      data-party-step
    >
      <fieldset>
        <legend className="text-base font-semibold text-stone-950">{t("reserve.service")}</legend>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {services.map((s) => (
            <label
              key={s.id}
              className="flex cursor-pointer items-start gap-3 rounded-2xl border border-stone-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
            >
              <input
                type="radio"
                name="service"
                value={s.id}
                defaultChecked={s.id === service.id}
                className="mt-1 accent-brand"
                data-service={s.id}
              />
              <span>
                <span className="block font-medium text-stone-950">{s.name}</span>
                <span className="block text-sm text-stone-600">{s.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <label className="block min-w-40 flex-1 sm:flex-none">
          <span className="mb-1.5 block text-sm font-medium text-stone-800">{t("reserve.party")}</span>
          <select name="party" defaultValue={choice.party} className={inputClass} data-party>
            {sizes.map((n) => (
              <option key={n} value={n}>
                {t("reserve.guests", { count: n })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={`${buttonClass.secondary} w-full sm:w-auto`} data-show-days>
          {t("reserve.show-days")}
        </button>
      </div>
    </Form>
  );
}

function DetailsStep({
  choice,
  start,
  localTime,
  renderKey,
  posted,
}: {
  choice: ReserveChoice;
  start: string;
  localTime: string;
  renderKey: string;
  posted: Answer;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const auth = useAuth();
  const customer = signedInCustomer(auth);
  const navigation = useNavigation();
  const [closed, setClosed] = useState<Answer>(undefined);
  const errors: FieldErrors = posted?.fields ?? {};
  const typed = posted?.typed ?? {};
  const alert = posted && posted !== closed && Object.keys(errors).length === 0 ? posted : undefined;
  return (
    <Form
      method="post"
      action={reserveHref(choice)}
      className="space-y-5 rounded-3xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      data-details-step
    >
      <h2 className="text-lg font-semibold text-stone-950">{t("reserve.details")}</h2>
      <p className="text-sm text-stone-700" data-summary>
        {t("reserve.summary", {
          day: dayText(choice.date as string, locale),
          time: localTime,
          count: choice.party,
        })}
      </p>
      <FormAlert failure={alert} onClose={() => setClosed(posted)} />
      <input type="hidden" name="serviceId" value={choice.service} />
      <input type="hidden" name="date" value={choice.date ?? ""} />
      <input type="hidden" name="start" value={start} />
      <input type="hidden" name="partySize" value={choice.party} />
      <input type="hidden" name="key" value={renderKey} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("reserve.name")}
          name="name"
          errors={errors}
          autoComplete="name"
          required
          maxLength={80}
          defaultValue={typed.name ?? (customer ? `${customer.firstName} ${customer.lastName}`.trim() : "")}
        />
        <TextField
          label={t("reserve.phone")}
          name="phone"
          errors={errors}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
          maxLength={30}
          defaultValue={typed.phone ?? ""}
        />
      </div>
      <TextField
        label={t("reserve.email")}
        name="email"
        errors={errors}
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        required
        defaultValue={typed.email ?? customer?.email ?? ""}
      />
      <TextAreaField
        label={t("reserve.note")}
        name="note"
        errors={errors}
        rows={3}
        maxLength={500}
        defaultValue={typed.note ?? ""}
      />
      <SubmitButton busy={navigation.state === "submitting"} className="sm:w-auto">
        {t("reserve.confirm")}
      </SubmitButton>
    </Form>
  );
}

function TakenNotice({ posted }: { posted: Answer }) {
  const { t } = useTranslation();
  if (!posted) return null;
  return (
    <p
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      data-taken
    >
      {failureText(posted, t)}
    </p>
  );
}

export default function Reserve({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { services, timezone, today, choice, workdays, slots, lastMonth, renderKey } = loaderData;
  if (!choice || !workdays)
    return (
      <div className={`${containerClass} py-12`}>
        <EmptyState
          icon={<ClockIcon className="size-8" />}
          title={t("reserve.none-title")}
          text={t("reserve.none-text")}
          action={
            <Link to="/" className={buttonClass.primary}>
              {t("404-back-home")}
            </Link>
          }
          data-reserve-none
        />
      </div>
    );
  const base = { service: choice.service, party: choice.party };
  const thisMonth = today.slice(0, 7);
  const chosen = slots?.find((slot) => slot.start === choice.start && slot.available) ?? null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8" data-reserve>
      <h1 className="text-3xl font-bold tracking-tight text-stone-950">{t("reserve.title")}</h1>
      <p className="mt-2 text-stone-600">{t("reserve.intro")}</p>
      <p className="mt-1">
        <ZoneNote timezone={timezone} />
      </p>
      <div className="mt-8 space-y-6">
        <PartyStep services={services} choice={choice} />
        <div className="grid items-start gap-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <MonthCalendar
            month={choice.month}
            workdays={workdays}
            chosen={choice.date}
            hrefOfDay={(date) => reserveHref({ ...base, month: choice.month, date })}
            previous={
              choice.month > thisMonth ? reserveHref({ ...base, month: shiftMonth(choice.month, -1) }) : null
            }
            next={
              choice.month < lastMonth ? reserveHref({ ...base, month: shiftMonth(choice.month, 1) }) : null
            }
          />
          <div className="space-y-6">
            {/* The time was taken while the details were typed: the refusal shows above the day's times. */}
            {!chosen && actionData ? <TakenNotice posted={actionData as Answer} /> : null}
            {choice.date && slots ? (
              <section
                aria-labelledby="reserve-times"
                className="space-y-4 rounded-3xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
                data-times-step
              >
                <h2 id="reserve-times" className="text-lg font-semibold text-stone-950">
                  {t("reserve.times-of", { day: dayText(choice.date, locale) })}
                </h2>
                <TimeSlots
                  choice={{
                    dayLabel: dayText(choice.date, locale),
                    slots,
                    chosen: chosen?.start ?? null,
                    hrefOf: (start) =>
                      reserveHref({ ...base, month: choice.month, date: choice.date, start }),
                    waitlistHrefOf: (start) => waitlistHref(choice.service, start, choice.party),
                  }}
                />
              </section>
            ) : null}
            {chosen ? (
              <DetailsStep
                choice={choice}
                start={chosen.start}
                localTime={chosen.localTime}
                renderKey={renderKey}
                posted={actionData as Answer}
              />
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
