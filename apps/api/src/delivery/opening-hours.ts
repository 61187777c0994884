import type { OpeningHours } from "@stoa/contract";
import { localMidnight, localMinuteOfDay, zonedInstant } from "./windows.ts";

/*
 * Whether a shop is open now, and when it opens next, by its opening hours. The hours are local
 * times of the shop's own time zone, so a restaurant in Chicago is closed at 3 am Chicago time
 * wherever the server runs, and still opens at its local hour on a day the clocks change.
 *
 * A day's hours run from `opensAt` to `closesAt`, minutes after that day's local midnight. A
 * `closesAt` past 1440 keeps the shop open after midnight, and those hours belong to the day it
 * opened: a bar open Saturday 18:00 to 02:00 is open at 1 am on Sunday even when Sunday is not one
 * of its days. A day whose `closesAt` is not after `opensAt` has no hours. The hours are the
 * part of a store's delivery settings that the contract's `OpeningHours` names.
 */

const DAY = 86_400_000;

/** A week and a day: every weekday comes round again, today's own included. */
const DAYS_LOOKED_AHEAD = 8;

/**
 * Whether the shop opens at all: some day of the week with hours. A shop without any prepares no
 * order for "as soon as possible", nor has a time to choose, so it offers no pickup and no delivery
 * (a parcel and a download do not wait for it).
 */
export function hasHours(hours: OpeningHours): boolean {
  return hours.openDays.length > 0 && hours.closesAt > hours.opensAt;
}

/** Whether a local day (the UTC midnight of its date) is one the shop opens on, with hours. */
function opensOn(hours: OpeningHours, midnight: number): boolean {
  return hasHours(hours) && hours.openDays.includes(new Date(midnight).getUTCDay());
}

/** The hours of the local day that starts at `midnight` (the UTC midnight of that date), none when closed. */
function hoursOn(hours: OpeningHours, midnight: number): { opens: number; closes: number } | null {
  if (!opensOn(hours, midnight)) return null;
  return {
    opens: zonedInstant(midnight, hours.opensAt, hours.timezone).getTime(),
    closes: zonedInstant(midnight, hours.closesAt, hours.timezone).getTime(),
  };
}

/**
 * Whether the shop is open at `now`: within today's hours, or within yesterday's that run past
 * midnight. Read on the shop's clock, minutes against minutes, as its hours are: on the night the
 * clocks jump, a bar open to 02:00 is open at 01:30 whichever way the zone's offsets fall.
 */
export function isOpenAt(hours: OpeningHours, now: Date): boolean {
  const today = localMidnight(now, hours.timezone);
  const minute = localMinuteOfDay(now, hours.timezone);
  if (opensOn(hours, today) && hours.opensAt <= minute && minute < hours.closesAt) return true;
  return opensOn(hours, today - DAY) && minute + 24 * 60 < hours.closesAt;
}

export type NextOpening = {
  opensAt: Date;
  /** Local days from the shop's today to the day it opens: 0 today, 1 tomorrow. */
  daysFromToday: number;
};

/**
 * The first opening after `now`, or null when no day of the week has hours (no open days, or hours
 * that close before they open). Asked of a shop that is closed; of an open one it answers the
 * opening after the present one.
 */
export function nextOpening(hours: OpeningHours, now: Date): NextOpening | null {
  const today = localMidnight(now, hours.timezone);
  for (let day = 0; day < DAYS_LOOKED_AHEAD; day++) {
    const found = hoursOn(hours, today + day * DAY);
    if (found && found.opens > now.getTime()) return { opensAt: new Date(found.opens), daysFromToday: day };
  }
  return null;
}
