/*
 * The days a booking calendar shows, in the shop's own zone: dates as `YYYY-MM-DD` strings, named
 * in the shopper's language without ever being moved to another zone.
 */

const DAY = 24 * 60 * 60_000;

/** Today in the shop's zone. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(now);
}

/** The date `days` after a date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** "Mon 14" / "الاثنين 14" of a date, read as that date wherever the reader is. */
export function dayLabel(date: string, locale: string, style: "short" | "long" = "short"): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    weekday: style,
    day: "numeric",
    month: style === "long" ? "long" : "short",
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A start as the shop's clock shows it, in the shopper's language: "Saturday 13 March, 09:00". */
export function shopTimeLabel(instant: string, timezone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(instant));
}

/** How many days the booking calendar shows at once. */
export const CALENDAR_DAYS = 28;
