import type { OpeningHours } from "@stoa/contract";

const MINUTES_A_DAY = 24 * 60;

/** "09:30" → 570; null for anything that is not a time of day. */
export function minutesOfTime(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** 570 → "09:30"; a closing time past midnight (1500) is said as the clock shows it the next day ("01:00"). */
export function timeOfMinutes(minutes: number): string {
  const inDay = ((minutes % MINUTES_A_DAY) + MINUTES_A_DAY) % MINUTES_A_DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, "0")}:${String(inDay % 60).padStart(2, "0")}`;
}

/**
 * The closing time as the contract counts it: a clock time at or before the opening is the next
 * morning (opens 18:00, closes 02:00 → 1560), so a shop open past midnight is one field, as on its door.
 */
export function closingMinutes(opensAt: number, closesClock: number): number {
  return closesClock <= opensAt ? closesClock + MINUTES_A_DAY : closesClock;
}

/** The hours form's fields as the contract's opening hours (numbers the schema then checks). */
export function openingHoursOf(form: {
  timezone: unknown;
  opensAt: unknown;
  closesAt: unknown;
  openDays: unknown[];
}): { hours: Partial<OpeningHours> & { openDays: number[] }; bad: ("opensAt" | "closesAt")[] } {
  const opensAt = minutesOfTime(form.opensAt);
  const closesClock = minutesOfTime(form.closesAt);
  const bad: ("opensAt" | "closesAt")[] = [];
  if (opensAt === null) bad.push("opensAt");
  if (closesClock === null) bad.push("closesAt");
  const days = form.openDays.map(Number).filter((day) => Number.isInteger(day) && day >= 0 && day <= 6);
  return {
    hours: {
      timezone: typeof form.timezone === "string" ? form.timezone : "",
      ...(opensAt === null ? {} : { opensAt }),
      ...(opensAt === null || closesClock === null ? {} : { closesAt: closingMinutes(opensAt, closesClock) }),
      openDays: [...new Set(days)].sort(),
    },
    bad,
  };
}

/** Sunday first (0), as the contract counts; each day named in the page's language. */
export function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2023, 0, 1 + day))));
}
