import { CALENDAR_RANGE_DAYS_MAX, NEXT_FREE_TIMES, type Timeslot, type Workdays } from "@stoa/contract";
import type { BookingRules } from "../bookings/settings.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import {
  DAY,
  daySlots,
  localDateOf,
  localTimeOf,
  MINUTE,
  midnightOf,
  runsOn,
  shiftDate,
} from "./calendar.ts";
import { capacityOn, dayReach, type Held, heldBetween, seatsFor, seatsLeft } from "./capacity.ts";
import type { ReservationServiceRow } from "./tables.ts";

/*
 * What shoppers may reserve: the days a service runs from today to the shop's horizon, and each
 * day's slots with what is left for a party over its whole stay.
 */

/** The first and last local dates one may reserve on now. */
export function bookableRange(rules: BookingRules, now: Date): { first: string; last: string } {
  const first = localDateOf(now, rules.timezone);
  return { first, last: shiftDate(first, rules.horizonDays) };
}

/** BOOKING_TOO_FAR for a day past the horizon. */
export function checkHorizon(rules: BookingRules, date: string, now: Date): void {
  if (date > bookableRange(rules, now).last)
    throw new ApiError("BOOKING_TOO_FAR", undefined, undefined, undefined, {
      days: String(rules.horizonDays),
    });
}

/** A day's slots for a party, read from the parties held (which must cover the day's reach). */
export function slotsOf(
  service: ReservationServiceRow,
  rules: BookingRules,
  date: string,
  capacity: number | null,
  held: readonly Held[],
  partySize: number,
  now: Date,
): Timeslot[] {
  if (capacity === null) return [];
  const need = seatsFor(service, partySize);
  const soonest = now.getTime() + rules.leadMinutes * MINUTE;
  return daySlots(service, date, rules.timezone).map((start) => {
    const left = Math.max(0, seatsLeft(held, capacity, start, service.stayMinutes));
    const tooSoon = start.getTime() < soonest;
    const full = left < need;
    return {
      start: start.toISOString(),
      localTime: localTimeOf(start, rules.timezone),
      seatsLeft: left,
      available: !tooSoon && !full,
      reason: tooSoon ? "tooSoon" : full ? "full" : null,
    };
  });
}

/** The local dates from `from` to `to` within today…horizon and the range limit. */
function datesWithin(rules: BookingRules, from: string, to: string, now: Date): string[] {
  const { first, last } = bookableRange(rules, now);
  const dates: string[] = [];
  for (let date = from < first ? first : from; date <= to && date <= last; date = shiftDate(date, 1)) {
    dates.push(date);
    if (dates.length >= CALENDAR_RANGE_DAYS_MAX) break;
  }
  return dates;
}

/** `workday/search`: the days in range the service runs, each saying whether it has room for the party. */
export async function workdays(
  db: Database,
  service: ReservationServiceRow,
  rules: BookingRules,
  range: { from: string; to: string; partySize: number },
  now: Date,
): Promise<Workdays> {
  const dates = datesWithin(rules, range.from, range.to, now).filter((date) => runsOn(service, date));
  const capacities = await capacityOn(db, service, dates);
  const open = dates.filter((date) => capacities.get(date) !== null);
  const first = open[0];
  const last = open.at(-1);
  const held =
    first && last
      ? await heldBetween(db, service.storeId, service.id, {
          from: dayReach(first, service.stayMinutes).from,
          until: dayReach(last, service.stayMinutes).until,
        })
      : [];
  return {
    timezone: rules.timezone,
    days: open.map((date) => ({
      date,
      hasRoom: slotsOf(service, rules, date, capacities.get(date) ?? null, held, range.partySize, now).some(
        (slot) => slot.available,
      ),
    })),
  };
}

/** `timeslot/search`: a day's slots for the party; none on a day the service does not run or is closed. */
export async function daySlotsFor(
  db: Database,
  service: ReservationServiceRow,
  rules: BookingRules,
  date: string,
  partySize: number,
  now: Date,
): Promise<Timeslot[]> {
  checkHorizon(rules, date, now);
  if (date < bookableRange(rules, now).first || !runsOn(service, date)) return [];
  const capacity = (await capacityOn(db, service, [date])).get(date) ?? null;
  if (capacity === null) return [];
  const held = await heldBetween(db, service.storeId, service.id, dayReach(date, service.stayMinutes));
  return slotsOf(service, rules, date, capacity, held, partySize, now);
}

/** The next few start times after `after` (that day and the week after) that take the party. */
export async function nextFreeTimes(
  db: Database,
  service: ReservationServiceRow,
  rules: BookingRules,
  after: Date,
  partySize: number,
  now: Date,
): Promise<string[]> {
  const from = localDateOf(after, rules.timezone);
  const found = await workdaysSlots(db, service, rules, from, shiftDate(from, 7), partySize, now);
  return found
    .filter((slot) => slot.available && Date.parse(slot.start) > after.getTime())
    .slice(0, NEXT_FREE_TIMES)
    .map((slot) => slot.start);
}

async function workdaysSlots(
  db: Database,
  service: ReservationServiceRow,
  rules: BookingRules,
  from: string,
  to: string,
  partySize: number,
  now: Date,
): Promise<Timeslot[]> {
  const dates = datesWithin(rules, from, to, now).filter((date) => runsOn(service, date));
  if (dates.length === 0) return [];
  const capacities = await capacityOn(db, service, dates);
  const held = await heldBetween(db, service.storeId, service.id, {
    from: new Date(midnightOf(dates[0] as string) - DAY),
    until: dayReach(dates.at(-1) as string, service.stayMinutes).until,
  });
  return dates.flatMap((date) =>
    slotsOf(service, rules, date, capacities.get(date) ?? null, held, partySize, now),
  );
}
