/*
 * The diary is read and typed on the shop's clock, whatever the browser's zone: these turn an
 * instant into the shop's date and time and back.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsAt(instant: number, timezone: string) {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(timezone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    wall: Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
    ),
  };
}

/** The shop's date ("2026-11-30") and time ("19:30") of an instant. */
export function shopClock(iso: string, timezone: string): { date: string; time: string } {
  const { date, time } = partsAt(Date.parse(iso), timezone);
  return { date, time };
}

/** The instant a date and time on the shop's clock stand for, or null for ones that are not a date and a time. */
export function shopInstant(date: string, time: string, timezone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  let instant = wall;
  // Two rounds settle the zone's offset at that moment, across a clock change too.
  for (let i = 0; i < 2; i++) instant = wall - (partsAt(instant, timezone).wall - instant);
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

/** A date `days` after another ("2026-11-30" + 1 → "2026-12-01"). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** "19:30" on the shop's clock, in the reader's language. */
export function shopTimeLabel(iso: string, timezone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: timezone, hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );
}

/** "Monday 30 November" for a local date, in the reader's language. */
export function dayLabel(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(new Date(`${date}T00:00:00Z`));
}
