import { localMidnight, localMinuteOfDay, zonedInstant } from "../delivery/windows.ts";
import type { ReservationServiceRow } from "./tables.ts";

/*
 * A reservable service's calendar in the shop's zone: which local dates it runs on and the start
 * instants of a day's slots, right across daylight-saving changes (delivery/windows.ts does the
 * zone's arithmetic).
 */

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/** "2026-12-24" → the UTC midnight of that date (its UTC weekday is the local one). */
export const midnightOf = (date: string): number => Date.parse(`${date}T00:00:00Z`);
export const dateOf = (midnight: number): string => new Date(midnight).toISOString().slice(0, 10);
export const shiftDate = (date: string, days: number): string => dateOf(midnightOf(date) + days * DAY);

/** The shop's local date of an instant. */
export const localDateOf = (instant: Date, timezone: string): string =>
  dateOf(localMidnight(instant, timezone));

const pad = (n: number) => String(n).padStart(2, "0");
/** The shop's wall clock at an instant, "19:30". */
export function localTimeOf(instant: Date, timezone: string): string {
  const minutes = localMinuteOfDay(instant, timezone);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export type SlotService = Pick<
  ReservationServiceRow,
  "weekdays" | "firstSlot" | "lastSlot" | "slotEveryMinutes"
>;

export const runsOn = (service: SlotService, date: string): boolean =>
  service.weekdays.includes(new Date(midnightOf(date)).getUTCDay());

/**
 * The start instants of a day's slots, earliest first. On the night the clocks skip an hour a slot
 * inside it starts as the clocks go on (02:30 → 03:30); one that lands on another slot's instant is
 * that slot, counted once.
 */
export function daySlots(service: SlotService, date: string, timezone: string): Date[] {
  if (!runsOn(service, date)) return [];
  const midnight = midnightOf(date);
  const starts = new Map<number, Date>();
  for (let minute = service.firstSlot; minute <= service.lastSlot; minute += service.slotEveryMinutes) {
    const start = zonedInstant(midnight, minute, timezone);
    starts.set(start.getTime(), start);
  }
  return [...starts.values()].sort((a, b) => a.getTime() - b.getTime());
}
