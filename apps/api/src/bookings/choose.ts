import { CALENDAR_RANGE_DAYS_MAX, NEXT_FREE_TIMES } from "@stoa/contract";
import { localMidnight } from "../delivery/windows.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { exceptionsBetween, holdingBookingsBetween, serviceWithResources } from "./catalogue.ts";
import { DAY, dateOf, dayMidnight, type FreeDay, type FreeTimeInput, freeTimes } from "./free-times.ts";
import type { BookingRules } from "./settings.ts";
import type { BookingResourceRow, BookingServiceRow } from "./tables.ts";

/*
 * Whether a service can be booked at a start, and with which resources: the rules an online
 * booking and a staff booking share. Staff are not bound by lead time or horizon, and may book
 * outside hours or inside a closed exception with a reason (kept); nobody may overlap another
 * booking of a resource, which the database refuses in the end (`bookings_no_overlap`).
 */

type Reader = Database | Tx;

/** How a booking is being made: online by a shopper, or by staff (with a reason to go outside hours). */
export type Booker = { staff: false } | { staff: true; overrideReason: string | null };

export type FreeTimeAsk = {
  storeId: number;
  rules: BookingRules;
  service: BookingServiceRow;
  resources: BookingResourceRow[];
  now: Date;
  ignoreBookingId?: number;
  ignoreBookings?: boolean;
  /** Lead time and horizon left out (staff). */
  unbounded?: boolean;
};

/** The free starts of local days `from`..`to`, with the rows they come from read. */
export async function freeDays(db: Reader, ask: FreeTimeAsk, from: string, to: string): Promise<FreeDay[]> {
  const { rules, service, resources, now } = ask;
  const first = new Date(dayMidnight(from) - DAY);
  const last = new Date(dayMidnight(to) + 2 * DAY);
  const [exceptions, bookings] = await Promise.all([
    exceptionsBetween(db, ask.storeId, first, last),
    ask.ignoreBookings
      ? []
      : holdingBookingsBetween(
          db,
          ask.storeId,
          resources.map((r) => r.id),
          first,
          last,
        ),
  ]);
  const input: FreeTimeInput = {
    durationMinutes: service.durationMinutes,
    bufferMinutes: service.bufferMinutes,
    stepMinutes: rules.slotStepMinutes,
    timezone: rules.timezone,
    resources,
    exceptions,
    bookings,
    earliest: ask.unbounded ? null : new Date(now.getTime() + rules.leadMinutes * 60_000),
    latest: ask.unbounded ? null : new Date(now.getTime() + rules.horizonDays * DAY),
    ignoreBookingId: ask.ignoreBookingId,
    ignoreBookings: ask.ignoreBookings,
  };
  return freeTimes(input, from, to);
}

/** Local days `from`..`to` as asked: in order and at most CALENDAR_RANGE_DAYS_MAX of them. */
export function checkDayRange(from: string, to: string): void {
  const days = (dayMidnight(to) - dayMidnight(from)) / DAY + 1;
  if (days < 1) throw new ApiError("INVALID_INPUT", { to: "error-end-before-start" });
  if (days > CALENDAR_RANGE_DAYS_MAX) throw new ApiError("INVALID_INPUT", { to: "error-field-too-large" });
}

/** The next free starts of a service from a moment on, within two weeks: what a taken time offers instead. */
export async function nextFreeTimes(db: Reader, ask: FreeTimeAsk, after: Date): Promise<string[]> {
  const from = dateOf(localMidnight(after, ask.rules.timezone));
  const to = dateOf(dayMidnight(from) + 13 * DAY);
  const days = await freeDays(db, { ...ask, ignoreBookings: false }, from, to);
  return days
    .flatMap((day) => day.times)
    .filter((time) => time.startsAt.getTime() > after.getTime())
    .slice(0, NEXT_FREE_TIMES)
    .map((time) => time.startsAt.toISOString());
}

export type Chosen = {
  service: BookingServiceRow;
  /** The resources free at the start, in the shop's order: the first is taken, the next if it was just taken. */
  resourceIds: number[];
  /** Set when staff booked outside hours or a closure. */
  overrideReason: string | null;
  ask: FreeTimeAsk;
};

/**
 * The resources that may take a service at `startsAt` (the one asked, or any), or the error that
 * says why none may: SERVICE_NOT_OFFERED, BOOKING_TOO_SOON/FAR, BOOKING_CLOSED (staff:
 * OVERRIDE_REASON_REQUIRED), SLOT_UNAVAILABLE with the next free times.
 */
export async function chooseResources(
  db: Reader,
  storeId: number,
  rules: BookingRules,
  want: { serviceId: number; resourceId: number | null; startsAt: Date; ignoreBookingId?: number },
  booker: Booker,
  now = new Date(),
): Promise<Chosen> {
  const offered = await serviceWithResources(db, storeId, want.serviceId);
  if (!offered || offered.resources.length === 0) throw new ApiError("SERVICE_NOT_OFFERED");
  const resources =
    want.resourceId === null ? offered.resources : offered.resources.filter((r) => r.id === want.resourceId);
  if (resources.length === 0) throw new ApiError("SERVICE_NOT_OFFERED");
  const ask: FreeTimeAsk = {
    storeId,
    rules,
    service: offered.service,
    resources,
    now,
    ignoreBookingId: want.ignoreBookingId,
  };
  const start = want.startsAt.getTime();
  if (!booker.staff) {
    if (start < now.getTime() + rules.leadMinutes * 60_000)
      throw new ApiError("BOOKING_TOO_SOON", undefined, undefined, undefined, {
        hours: String(Math.ceil(rules.leadMinutes / 60)),
      });
    if (start > now.getTime() + rules.horizonDays * DAY)
      throw new ApiError("BOOKING_TOO_FAR", undefined, undefined, undefined, {
        days: String(rules.horizonDays),
      });
  }
  const day = dateOf(localMidnight(want.startsAt, rules.timezone));
  const startsAt = (days: FreeDay[]) => days[0]?.times.find((t) => t.startsAt.getTime() === start);
  const open = startsAt(await freeDays(db, { ...ask, ignoreBookings: true, unbounded: true }, day, day));
  let overrideReason: string | null = null;
  let inHours = resources.map((r) => r.id);
  if (open) inHours = open.resourceIds;
  else if (!booker.staff) throw new ApiError("BOOKING_CLOSED");
  else if (!booker.overrideReason) throw new ApiError("OVERRIDE_REASON_REQUIRED");
  else overrideReason = booker.overrideReason;

  // Taken by another booking: the blocked time of the service against every holding booking.
  const blocks = (offered.service.durationMinutes + offered.service.bufferMinutes) * 60_000;
  const taken = await holdingBookingsBetween(db, storeId, inHours, want.startsAt, new Date(start + blocks));
  const free = inHours.filter(
    (id) => !taken.some((b) => b.resourceId === id && b.id !== want.ignoreBookingId),
  );
  if (free.length === 0) throw await slotUnavailable(db, ask, want.startsAt);
  return { service: offered.service, resourceIds: free, overrideReason, ask };
}

/** SLOT_UNAVAILABLE with the service's next free starts. */
export async function slotUnavailable(db: Reader, ask: FreeTimeAsk, after: Date): Promise<ApiError> {
  const nextFree = await nextFreeTimes(db, { ...ask, ignoreBookingId: undefined }, after);
  return new ApiError("SLOT_UNAVAILABLE", undefined, undefined, { nextFreeTimes: nextFree });
}
