import { randomBytes } from "node:crypto";
import { formatMoney, IDEMPOTENCY_KEY_HEADER } from "@stoa/contract";
import { data, Form, redirect, useNavigation } from "react-router";
import { TextAreaField, TextField } from "../../account/FormFields.tsx";
import {
  DayCalendar,
  LinkChoices,
  ServiceChoices,
  ServiceFacts,
  stepClass,
  stepTitleClass,
  TimeChoices,
} from "../../booking/appointments/AppointmentParts.tsx";
import { bookingBodyOf, renameFields } from "../../booking/appointments/appointment-form.server.ts";
import { addDays, CALENDAR_DAYS, dayLabel, todayIn } from "../../booking/appointments/calendar-days.ts";
import { CardFields } from "../../payments/CardFields.tsx";
import { TestCardsHint } from "../../payments/TestCardsHint.tsx";
import { type ActionFailure, failureText, invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/appointment";

/*
 * `/appointment` (spec §2, issue 35): calm steps on one page, each a plain link or form so it all
 * works before any script runs — a service, who (or anyone free), a day from a calendar that shows
 * which days have room, a time from the day's list, the shopper's details and, for a deposit, the
 * card. Times are the shop's, its zone named. Booked, the shopper lands on the manage page.
 */

const whole = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const params = new URL(request.url).searchParams;
  const list = await storeApi.page("bookingServiceList", {});
  const service = list.services.find((s) => s.id === whole(params.get("service"))) ?? null;
  const base = { list, service, formKey: randomBytes(16).toString("base64url") };
  if (!service) return { ...base, resources: [], resourceId: null, slots: null, day: null };
  const resourceId = whole(params.get("resource"));
  const from = todayIn(list.rules.timezone);
  const [resources, slots] = await Promise.all([
    storeApi.page("bookingResourceList", { query: { serviceId: service.id } }),
    storeApi.page("bookingTimeslotList", {
      query: {
        serviceId: service.id,
        ...(resourceId ? { resourceId } : {}),
        from,
        to: addDays(from, CALENDAR_DAYS - 1),
      },
    }),
  ]);
  const day = slots.days.find((d) => d.date === params.get("day")) ?? null;
  return { ...base, resources: resources.resources, resourceId, slots, day };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/appointment" });
  return shopMeta(root, { title: metaTranslator(root).t("appointment.title"), path: "/appointment" });
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = bookingBodyOf(form, form.get("deposit") === "yes");
  if (!parsed.ok) return data(invalidFields(parsed.fields), { status: 400 });
  const key = String(form.get("key") ?? "");
  const outcome = await context.storeApi.form(
    "bookingCreate",
    { body: parsed.body },
    { headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {} },
  );
  if (outcome.ok) return redirect(`/appointment/manage/${outcome.data.manageToken}`);
  return data(
    { ...outcome.failure, fields: renameFields(outcome.failure.fields) },
    { status: outcome.status },
  );
}

/** The address of the page with these choices. */
function hrefOf(choices: { service?: number; resource?: number | null; day?: string }): string {
  const query = new URLSearchParams();
  if (choices.service) query.set("service", String(choices.service));
  if (choices.resource) query.set("resource", String(choices.resource));
  if (choices.day) query.set("day", choices.day);
  const text = query.toString();
  return text
    ? `/appointment?${text}#${choices.day ? "time" : choices.service ? "day" : "service"}`
    : "/appointment";
}

export default function Appointment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const navigation = useNavigation();
  const { list, service, resources, resourceId, slots, day, formKey } = loaderData;
  const failure = actionData as ActionFailure | undefined;
  const fields = failure?.fields ?? {};
  return (
    <div className="mx-auto w-full max-w-2xl space-y-5 px-4 py-6 sm:py-10" data-appointment>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl">
          {t("appointment.title")}
        </h1>
        <p className="text-stone-600">{t("appointment.intro")}</p>
        <p className="text-sm text-stone-500" data-zone>
          {t("appointment.zone", { zone: list.rules.timezone })}
        </p>
      </header>

      <section className={stepClass} id="service" aria-labelledby="step-service">
        <div className="flex items-center justify-between gap-3">
          <h2 id="step-service" className={stepTitleClass}>
            {t("appointment.step-service")}
          </h2>
          {service ? (
            <a href="/appointment" className="text-sm font-medium text-brand underline">
              {t("appointment.change")}
            </a>
          ) : null}
        </div>
        {list.services.length === 0 ? (
          <p className="text-stone-600">{t("appointment.no-services")}</p>
        ) : service ? (
          <div className="space-y-1" data-chosen-service={service.id}>
            <p className="font-semibold text-stone-950">{service.name}</p>
            <ServiceFacts service={service} />
          </div>
        ) : (
          <ServiceChoices services={list.services} href={(id) => hrefOf({ service: id })} />
        )}
      </section>

      {service && slots ? (
        <>
          <section className={stepClass} aria-labelledby="step-resource">
            <h2 id="step-resource" className={stepTitleClass}>
              {t("appointment.step-resource")}
            </h2>
            <LinkChoices
              options={[
                {
                  key: "any",
                  label: t("appointment.any"),
                  href: hrefOf({ service: service.id }),
                  chosen: resourceId === null,
                },
                ...resources.map((r) => ({
                  key: String(r.id),
                  label: r.name,
                  href: hrefOf({ service: service.id, resource: r.id }),
                  chosen: resourceId === r.id,
                })),
              ]}
            />
          </section>
          <section className={stepClass} id="day" aria-labelledby="step-day">
            <h2 id="step-day" className={stepTitleClass}>
              {t("appointment.step-day")}
            </h2>
            <DayCalendar
              slots={slots}
              chosen={day?.date ?? null}
              href={(date) => hrefOf({ service: service.id, resource: resourceId, day: date })}
            />
          </section>
        </>
      ) : null}

      {service && day ? (
        <Form method="post" className="space-y-5" noValidate data-booking-form>
          <input type="hidden" name="key" value={formKey} />
          <input type="hidden" name="serviceId" value={service.id} />
          <input type="hidden" name="resourceId" value={resourceId ?? ""} />
          <input type="hidden" name="deposit" value={service.deposit > 0 ? "yes" : "no"} />
          <section className={stepClass} id="time" aria-labelledby="step-time">
            <h2 id="step-time" className={stepTitleClass}>
              {t("appointment.step-time")} · {dayLabel(day.date, locale, "long")}
            </h2>
            <TimeChoices times={day.times} />
          </section>
          <section className={stepClass} aria-labelledby="step-details">
            <h2 id="step-details" className={stepTitleClass}>
              {t("appointment.step-details")}
            </h2>
            <TextField
              label={t("appointment.name")}
              name="contactName"
              errors={fields}
              autoComplete="name"
              required
            />
            <TextField
              label={t("appointment.phone")}
              name="phone"
              errors={fields}
              type="tel"
              autoComplete="tel"
              required
            />
            <TextField
              label={t("appointment.email")}
              name="email"
              errors={fields}
              type="email"
              autoComplete="email"
              required
            />
            <TextAreaField label={t("appointment.note")} name="note" errors={fields} rows={2} />
          </section>
          {service.deposit > 0 ? (
            <section className={stepClass} aria-labelledby="step-deposit" data-card>
              <h2 id="step-deposit" className={stepTitleClass}>
                {t("appointment.step-deposit")}
              </h2>
              <p className="text-sm text-stone-700">
                {t("appointment.deposit-text", {
                  amount: formatMoney(service.deposit, service.currency, locale),
                })}
              </p>
              <TestCardsHint gateway="test-card" />
              <CardFields errors={fields} />
            </section>
          ) : null}
          {failure && !failure.ok ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 p-3 text-sm text-red-800"
              data-booking-error={failure.code}
            >
              {failureText(failure, t)}
            </p>
          ) : null}
          <button
            type="submit"
            className={`${buttonClass.primary} min-h-12 w-full`}
            disabled={navigation.state === "submitting"}
            data-book
          >
            {t("appointment.submit")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
