import type { BookingService, BookingTimeslotList } from "@stoa/contract";
import { Link } from "react-router";
import { Money } from "../../orders/OrderParts.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import { addDays, dayLabel, weekdayOf } from "./calendar-days.ts";

/* The parts of the booking steps: service cards, the calendar of days with room, and the time list. */

export const stepClass = "space-y-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6";
export const stepTitleClass = "text-base font-bold text-stone-950";
const choiceClass =
  "flex min-h-11 items-center justify-between gap-3 rounded-xl border px-4 py-3 text-start text-sm";
const chosenClass = "border-brand bg-brand/5 font-semibold text-stone-950";
const openClass = "border-stone-200 bg-white text-stone-800 hover:border-stone-400";

/** A service with its duration, price and deposit. */
export function ServiceFacts({ service }: { service: BookingService }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
      <span>{t("appointment.duration", { minutes: service.durationMinutes })}</span>
      {service.price > 0 ? (
        <span>
          {t("appointment.price")}: <Money amount={service.price} currency={service.currency} />
        </span>
      ) : null}
      <span data-deposit={service.deposit}>
        {service.deposit > 0 ? (
          <>
            {t("appointment.deposit")}: <Money amount={service.deposit} currency={service.currency} />
          </>
        ) : (
          t("appointment.no-deposit")
        )}
      </span>
    </span>
  );
}

/** Each service as a link to the next step. */
export function ServiceChoices({
  services,
  href,
}: {
  services: BookingService[];
  href: (id: number) => string;
}) {
  return (
    <ul className="space-y-2">
      {services.map((service) => (
        <li key={service.id}>
          <Link
            to={href(service.id)}
            className={`${choiceClass} ${openClass} flex-col items-start`}
            data-service={service.id}
          >
            <span className="text-base font-semibold text-stone-950">{service.name}</span>
            {service.description ? (
              <span className="text-sm text-stone-600">{service.description}</span>
            ) : null}
            <ServiceFacts service={service} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Links to choose from, one chosen. */
export function LinkChoices({
  options,
}: {
  options: { key: string; label: string; href: string; chosen: boolean }[];
}) {
  return (
    <ul className="flex flex-wrap gap-2">
      {options.map((option) => (
        <li key={option.key}>
          <Link
            to={option.href}
            className={`${choiceClass} ${option.chosen ? chosenClass : openClass}`}
            aria-current={option.chosen ? "true" : undefined}
            data-choice={option.key}
          >
            {option.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The days of the range as a month-like grid, weeks starting on Sunday: a day with room is a link,
 * a day without is greyed and says so to screen readers.
 */
export function DayCalendar({
  slots,
  chosen,
  href,
}: {
  slots: BookingTimeslotList;
  chosen: string | null;
  href: (date: string) => string;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const first = slots.days[0]?.date;
  const blanks = first ? weekdayOf(first) : 0;
  return (
    <ol className="grid grid-cols-7 gap-1 sm:gap-2" data-day-calendar>
      {first
        ? Array.from({ length: blanks }, (_, i) => addDays(first, i - blanks)).map((date) => (
            <li key={date} aria-hidden="true" />
          ))
        : null}
      {slots.days.map((day) => {
        const label = dayLabel(day.date, locale);
        const room = day.times.length > 0;
        const base =
          "flex min-h-12 flex-col items-center justify-center rounded-lg border p-1 text-center text-xs leading-tight";
        if (!room)
          return (
            <li key={day.date}>
              <span
                className={`${base} border-transparent bg-stone-50 text-stone-400`}
                data-day={day.date}
                data-room="no"
              >
                {label}
                <span className="sr-only"> — {t("appointment.no-room")}</span>
              </span>
            </li>
          );
        const isChosen = day.date === chosen;
        return (
          <li key={day.date}>
            <Link
              to={href(day.date)}
              className={`${base} ${isChosen ? chosenClass : `${openClass} font-medium`}`}
              aria-current={isChosen ? "date" : undefined}
              aria-label={`${dayLabel(day.date, locale, "long")} — ${t("appointment.room")}`}
              data-day={day.date}
              data-room="yes"
            >
              {label}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

/** A day's free times as radio buttons of a plain form: no script needed to choose one. */
export function TimeChoices({
  times,
  name = "startsAt",
  chosen,
}: {
  times: { startsAt: string; localTime: string }[];
  name?: string;
  chosen?: string | null;
}) {
  const { t } = useTranslation();
  if (times.length === 0) return <p className="text-sm text-stone-600">{t("appointment.no-times")}</p>;
  return (
    <fieldset>
      <legend className="sr-only">{t("appointment.step-time")}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-6" data-time-list>
        {times.map((time) => (
          <label
            key={time.startsAt}
            className="flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-stone-300 bg-white text-sm font-medium tabular-nums text-stone-900 has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
            data-time={time.localTime}
          >
            <input
              type="radio"
              name={name}
              value={time.startsAt}
              required
              defaultChecked={chosen === time.startsAt}
              className="sr-only"
            />
            <bdi dir="ltr">{time.localTime}</bdi>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
