/*
 * The delivery windows of a schedule, laid out in the shop's own time zone: opening hours are local
 * times, and a day with a daylight-saving change still opens at its local hour.
 */

/** The part of a store's delivery settings that lays out its windows. */
export type WindowLayout = {
  timezone: string;
  daysAhead: number;
  windowMinutes: number;
  /** Minutes after local midnight. */
  opensAt: number;
  closesAt: number;
  /** 0 = Sunday. */
  openDays: readonly number[];
  cutoffMinutes: number;
};

export type ScheduledWindow = { start: Date; end: Date; cutoffPassed: boolean };
export type ScheduledDay = { date: string; windows: ScheduledWindow[] };

const MINUTE = 60_000;
const MINUTES_A_DAY = 24 * 60;
const DAY = MINUTES_A_DAY * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timezone: string): Intl.DateTimeFormat {
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
  return formatter;
}

/** Whether the runtime knows the IANA zone. */
export function isTimezone(timezone: string): boolean {
  try {
    partsFormatter(timezone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a zone, as the UTC instant that shows the same wall clock. */
function wallClock(instant: number, timezone: string): number {
  const parts = Object.fromEntries(
    partsFormatter(timezone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
}

/** The shop's local date of an instant, as the UTC midnight of that date (its weekday is the local one). */
export function localMidnight(instant: Date, timezone: string): number {
  const clock = wallClock(instant.getTime(), timezone);
  return clock - (clock % DAY);
}

/** The minutes since the shop's local midnight that an instant shows on the shop's clock. */
export function localMinuteOfDay(instant: Date, timezone: string): number {
  const clock = wallClock(instant.getTime(), timezone);
  return (clock % DAY) / MINUTE;
}

/** Half a day: the zone's offsets this far either side of a moment are those before and after any clock change near it. */
const HALF_DAY = DAY / 2;

/**
 * The instant a local date and time in a zone stands for. When a clock change repeats it, the
 * earlier; when the clocks skip it (the hour lost in spring), the moment as far past the skip as
 * the time was into it, as the clocks themselves go on: 02:30 on the night Chicago's clocks jump
 * from 02:00 to 03:00 is 03:30. Both as JavaScript's Temporal does by default ("compatible").
 */
export function zonedInstant(localMidnightUtc: number, minutes: number, timezone: string): Date {
  const wanted = localMidnightUtc + minutes * MINUTE;
  const offsetAt = (instant: number) => wallClock(instant, timezone) - instant;
  const around = wanted - offsetAt(wanted);
  const offsets = [offsetAt(around - HALF_DAY), offsetAt(around + HALF_DAY)];
  // No clock change near: the one offset is the answer (nearly every call).
  if (offsets[0] === offsets[1]) return new Date(wanted - (offsets[0] as number));
  const shown = offsets.map((offset) => wanted - offset).filter((at) => wallClock(at, timezone) === wanted);
  if (shown.length > 0) return new Date(Math.min(...shown));
  // Skipped: read with the smaller offset, the one before the clocks jumped forward.
  return new Date(wanted - Math.min(...offsets));
}

type LaidOutDay = { date: string; windows: { start: Date; end: Date }[] };

/**
 * Days laid out, by layout and local day: every calculate and every order with a delivery window
 * checks it against the schedule, and laying a day out asks the zone's clock a few times per
 * window. The instants of a day's windows only change with the layout or the day.
 */
const laidOut = new Map<string, LaidOutDay[]>();
const MAX_LAID_OUT = 256;

function layOut(layout: WindowLayout, todayMidnight: number): LaidOutDay[] {
  const key = JSON.stringify([layout, todayMidnight]);
  const kept = laidOut.get(key);
  if (kept) return kept;
  const days: LaidOutDay[] = [];
  for (let i = 0; i < layout.daysAhead; i++) {
    const midnight = todayMidnight + i * DAY;
    const weekday = new Date(midnight).getUTCDay();
    const windows: LaidOutDay["windows"] = [];
    if (layout.openDays.includes(weekday) && layout.windowMinutes > 0) {
      for (
        let from = layout.opensAt;
        from + layout.windowMinutes <= layout.closesAt;
        from += layout.windowMinutes
      ) {
        windows.push({
          start: zonedInstant(midnight, from, layout.timezone),
          end: zonedInstant(midnight, from + layout.windowMinutes, layout.timezone),
        });
      }
    }
    days.push({ date: new Date(midnight).toISOString().slice(0, 10), windows });
  }
  if (laidOut.size >= MAX_LAID_OUT) laidOut.clear();
  laidOut.set(key, days);
  return days;
}

/**
 * The windows of the coming `daysAhead` days, today first, each marked when its cut-off has passed
 * (a window that has begun is past its cut-off too).
 */
export function scheduleDays(layout: WindowLayout, now: Date): ScheduledDay[] {
  const today = localMidnight(now, layout.timezone);
  // Hours that run past midnight belong to the day they opened: after midnight, yesterday's may
  // still have times to come (a bar open to 02:00 takes orders for 01:30 at 00:10).
  const fromYesterday = layout.closesAt > MINUTES_A_DAY;
  const days = fromYesterday
    ? layOut({ ...layout, daysAhead: layout.daysAhead + 1 }, today - DAY)
    : layOut(layout, today);
  const scheduled = days.map((day) => ({
    date: day.date,
    windows: day.windows.map(({ start, end }) => ({
      start,
      end,
      cutoffPassed: start.getTime() - layout.cutoffMinutes * MINUTE <= now.getTime(),
    })),
  }));
  const [yesterday, ...rest] = scheduled;
  return fromYesterday && yesterday?.windows.every((window) => window.cutoffPassed) ? rest : scheduled;
}

/** The scheduled window that starts and ends at these instants, if the schedule has one. */
export function findWindow(days: readonly ScheduledDay[], start: Date, end: Date): ScheduledWindow | null {
  for (const day of days) {
    for (const window of day.windows) {
      if (window.start.getTime() === start.getTime() && window.end.getTime() === end.getTime()) return window;
    }
  }
  return null;
}
