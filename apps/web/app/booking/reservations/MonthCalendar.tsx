import type { Workdays } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ChevronEndIcon, ChevronStartIcon } from "../../platform/ui/icons.tsx";
import { useShop } from "../../shell/root-data.ts";
import { dayText, monthRange, monthText, weekdayNames } from "./shop-time.ts";

/**
 * A month of the service's calendar: a day with room is a link to its times, a day the service runs
 * but is full says so, every other day is only its number. Previous and next month are links.
 */
export function MonthCalendar({
  month,
  workdays,
  chosen,
  hrefOfDay,
  previous,
  next,
}: {
  month: string;
  workdays: Workdays;
  chosen: string | null;
  hrefOfDay: (date: string) => string;
  previous: string | null;
  next: string | null;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { days } = monthRange(month);
  const lead = new Date(`${days[0]}T12:00:00Z`).getUTCDay();
  const byDate = new Map(workdays.days.map((day) => [day.date, day]));
  const navClass =
    "inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100";
  return (
    <section
      aria-labelledby="reserve-month"
      className="rounded-3xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      data-calendar={month}
    >
      <div className="flex items-center justify-between gap-2">
        {previous ? (
          <Link to={previous} className={navClass} preventScrollReset data-month-previous>
            <ChevronStartIcon className="inline size-4" />
            <span className="sr-only sm:not-sr-only">{t("reserve.previous-month")}</span>
          </Link>
        ) : (
          <span />
        )}
        <h3 id="reserve-month" className="text-base font-semibold text-stone-950">
          {monthText(month, locale)}
        </h3>
        {next ? (
          <Link to={next} className={navClass} preventScrollReset data-month-next>
            <span className="sr-only sm:not-sr-only">{t("reserve.next-month")}</span>
            <ChevronEndIcon className="inline size-4" />
          </Link>
        ) : (
          <span />
        )}
      </div>
      <ol
        className="mt-4 grid grid-cols-7 gap-1 text-center text-xs font-medium text-stone-500"
        aria-hidden="true"
      >
        {weekdayNames(locale).map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ol>
      <ol className="mt-1 grid grid-cols-7 gap-1">
        {Array.from({ length: lead }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blank cells before the first day have nothing else.
          <li key={`blank-${i}`} aria-hidden="true" />
        ))}
        {days.map((date) => {
          const day = byDate.get(date);
          const number = Number(date.slice(8));
          const label = dayText(date, locale);
          if (day?.hasRoom) {
            const selected = date === chosen;
            return (
              <li key={date}>
                <Link
                  to={hrefOfDay(date)}
                  preventScrollReset
                  aria-label={label}
                  aria-current={selected ? "date" : undefined}
                  className={`flex aspect-square w-full flex-col items-center justify-center rounded-xl text-sm font-semibold tabular-nums ${
                    selected ? "bg-brand text-white" : "bg-brand/10 text-brand-strong hover:bg-brand/20"
                  }`}
                  data-day={date}
                  data-room="true"
                >
                  {number}
                </Link>
              </li>
            );
          }
          return (
            <li
              key={date}
              className={`flex aspect-square w-full flex-col items-center justify-center rounded-xl text-sm tabular-nums ${
                day ? "text-stone-500 line-through" : "text-stone-300"
              }`}
              data-day={date}
              data-room="false"
            >
              <span aria-hidden="true">{number}</span>
              <span className="sr-only">
                {label}: {t(day ? "reserve.day-full" : "reserve.day-closed")}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded bg-brand/20" aria-hidden="true" />
          {t("reserve.legend-room")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="text-stone-500 line-through" aria-hidden="true">
            12
          </span>
          {t("reserve.legend-full")}
        </span>
      </p>
    </section>
  );
}
