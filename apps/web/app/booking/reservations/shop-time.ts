import type { Locale } from "@stoa/contract";

/*
 * Dates and times of a reservation as the shop keeps them: a local date ("2026-12-24") and the
 * shop's wall clock ("19:30"), both answered by the API already in the shop's zone.
 */

/** "Thursday, December 24" in the shopper's language, for a local date of the shop's calendar. */
export function dayText(date: string, locale: Locale, withYear = false): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
    ...(withYear ? { year: "numeric" } : {}),
  }).format(new Date(`${date}T12:00:00Z`));
}

/** "December 2026". */
export function monthText(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "long", year: "numeric" }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/** Narrow weekday names, Sunday first. */
export function weekdayNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short" });
  // 2026-11-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2026, 10, 1 + i, 12))));
}

/** Today's date on the shop's clock. */
export function shopToday(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

export const monthOf = (date: string) => date.slice(0, 7);

/** The first and last dates of a month ("2026-12"). */
export function monthRange(month: string): { from: string; to: string; days: string[] } {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const count = new Date(Date.UTC(year, index, 0)).getUTCDate();
  const days = Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
  return { from: days[0] as string, to: days.at(-1) as string, days };
}

/** The month before or after ("2026-12", 1 → "2027-01"). */
export function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}
