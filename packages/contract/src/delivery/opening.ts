import type { Locale } from "../platform/locale.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * When a closed shop opens again, as a shopper reads it, in the shop's own time zone and the
 * shopper's language: "Wednesday, March 11 at 9:00 AM". The weekday and the date together, as the
 * next opening may be up to a week away. The `{{opens}}` of the shop-closed message.
 */
export function openingText(opensAt: string | Date, locale: Locale, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(typeof opensAt === "string" ? new Date(opensAt) : opensAt);
}

const MINUTES_A_DAY = 24 * 60;

/** One line of a shop's hours as shoppers read them: the days it covers and the time it is open. */
export type OpeningLine = { days: string; time: string };

/**
 * A shop's opening hours in short lines, in the shopper's language: days in a row joined into one
 * range ("Mon – Fri"), the week starting on Monday as shops print it, and the hours "09:00 – 17:00"
 * (a close past midnight is the next morning's hour). No open day answers no line.
 */
export function openingLines(
  hours: { opensAt: number; closesAt: number; openDays: readonly number[] },
  locale: Locale,
): OpeningLine[] {
  const dayName = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  // 2024-01-01 was a Monday: day d of the week (0 = Sunday) is that date plus (d + 6) % 7 days.
  const nameOf = (day: number) => dayName.format(Date.UTC(2024, 0, 1 + ((day + 6) % 7)));
  const clock = new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  });
  const at = (minutes: number) => clock.format(Date.UTC(2024, 0, 1, 0, minutes % MINUTES_A_DAY));
  const time = `${at(hours.opensAt)} – ${at(hours.closesAt)}`;
  const mondayFirst = [1, 2, 3, 4, 5, 6, 0].filter((day) => hours.openDays.includes(day));
  const runs: number[][] = [];
  for (const day of mondayFirst) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous !== undefined && (previous + 1) % 7 === day) run.push(day);
    else runs.push([day]);
  }
  return runs.map((run) => {
    const first = run[0] as number;
    const last = run.at(-1) as number;
    return { days: run.length === 1 ? nameOf(first) : `${nameOf(first)} – ${nameOf(last)}`, time };
  });
}
