import type { WeeklyHours } from "@stoa/contract";
import { localMidnight, localMinuteOfDay, zonedInstant } from "../delivery/windows.ts";

/*
 * A service's bookable starts, computed in the shop's own zone (docs/decisions/066): each
 * resource's weekly hours laid out on the local day (a day with a clock change still opens at its
 * local hour), minus closed exceptions, plus open ones, minus the time other bookings block
 * (buffers included), after the lead time and within the horizon. Pure: the caller reads the rows.
 */

const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export type FreeTimeResource = { id: number; hours: WeeklyHours };
export type FreeTimeException = {
  resourceId: number | null;
  kind: "closed" | "open";
  startsAt: Date;
  endsAt: Date;
};
export type FreeTimeBooking = { id: number; resourceId: number; startsAt: Date; blockedUntil: Date };

export type FreeTimeInput = {
  durationMinutes: number;
  bufferMinutes: number;
  stepMinutes: number;
  timezone: string;
  resources: FreeTimeResource[];
  exceptions: FreeTimeException[];
  bookings: FreeTimeBooking[];
  /** Starts before this are not offered (now + lead time); null: no bound (staff). */
  earliest: Date | null;
  /** Starts after this are not offered (now + horizon); null: no bound. */
  latest: Date | null;
  /** A booking being moved does not block its own new time. */
  ignoreBookingId?: number;
  /** Only whether the start is within hours and exceptions: bookings left out. */
  ignoreBookings?: boolean;
};

export type FreeStart = { startsAt: Date; localTime: string; resourceIds: number[] };
export type FreeDay = { date: string; times: FreeStart[] };

/** "2026-03-08" → the UTC midnight of that date (windows.ts's way of naming a local day). */
export function dayMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}
export const dateOf = (midnight: number) => new Date(midnight).toISOString().slice(0, 10);

/** The shop's local date and "HH:MM" of an instant. */
export function localParts(instant: Date, timezone: string): { date: string; time: string } {
  const minutes = localMinuteOfDay(instant, timezone);
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return { date: dateOf(localMidnight(instant, timezone)), time: `${hh}:${mm}` };
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) =>
  aStart < bEnd && bStart < aEnd;

/** The instants a resource may start the service on one local day, before bookings are taken out. */
function startsOfDay(input: FreeTimeInput, resource: FreeTimeResource, midnight: number): number[] {
  const { timezone, stepMinutes, durationMinutes, bufferMinutes } = input;
  const weekday = new Date(midnight).getUTCDay();
  const length = durationMinutes * MINUTE;
  const blocks = (durationMinutes + bufferMinutes) * MINUTE;
  const mine = input.exceptions.filter((e) => e.resourceId === null || e.resourceId === resource.id);
  const closed = mine.filter((e) => e.kind === "closed");
  const starts = new Set<number>();
  for (const opening of resource.hours.filter((h) => h.weekday === weekday)) {
    const closes = zonedInstant(midnight, opening.closes, timezone).getTime();
    // Stepped on the wall clock, so 09:00, 09:15… stay on the quarter hours across a clock change.
    for (let minute = opening.opens; minute < opening.closes; minute += stepMinutes) {
      const start = zonedInstant(midnight, minute, timezone).getTime();
      if (start + length > closes) break;
      const shut = closed.some((e) =>
        overlaps(start, start + blocks, e.startsAt.getTime(), e.endsAt.getTime()),
      );
      if (!shut) starts.add(start);
    }
  }
  // An extra opening adds its own times, whatever the weekly hours or a closure say.
  for (const open of mine.filter((e) => e.kind === "open")) {
    const end = open.endsAt.getTime();
    for (let start = open.startsAt.getTime(); start + length <= end; start += stepMinutes * MINUTE) {
      if (localMidnight(new Date(start), timezone) === midnight) starts.add(start);
    }
  }
  return [...starts];
}

/** Free starts of every local day from `from` to `to` (both included), each with the resources free then. */
export function freeTimes(input: FreeTimeInput, from: string, to: string): FreeDay[] {
  const blocks = (input.durationMinutes + input.bufferMinutes) * MINUTE;
  const days: FreeDay[] = [];
  for (let midnight = dayMidnight(from); midnight <= dayMidnight(to); midnight += DAY) {
    const byStart = new Map<number, number[]>();
    for (const resource of input.resources) {
      const taken = input.ignoreBookings
        ? []
        : input.bookings.filter((b) => b.resourceId === resource.id && b.id !== input.ignoreBookingId);
      for (const start of startsOfDay(input, resource, midnight)) {
        if (input.earliest && start < input.earliest.getTime()) continue;
        if (input.latest && start > input.latest.getTime()) continue;
        if (
          taken.some((b) => overlaps(start, start + blocks, b.startsAt.getTime(), b.blockedUntil.getTime()))
        )
          continue;
        byStart.set(start, [...(byStart.get(start) ?? []), resource.id]);
      }
    }
    const times = [...byStart.entries()]
      .sort(([a], [b]) => a - b)
      .map(([start, resourceIds]) => {
        const startsAt = new Date(start);
        return { startsAt, localTime: localParts(startsAt, input.timezone).time, resourceIds };
      });
    days.push({ date: dateOf(midnight), times });
  }
  return days;
}
