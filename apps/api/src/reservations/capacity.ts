import { HOLDING_STATUSES } from "@stoa/contract";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { DAY, MINUTE, midnightOf, shiftDate } from "./calendar.ts";

const MINUTES_A_DAY = 24 * 60;

import {
  type ReservationServiceRow,
  reservationDays,
  reservationExceptions,
  reservationServices,
  reservations,
  reservationWaitlist,
} from "./tables.ts";

/*
 * What a slot holds is counted over each party's whole stay: a two-hour party at 19:00 still holds
 * its seats at 20:30. The slot at t takes a party iff at every moment of [t, t + stay) the seats
 * held plus the party's stay within the capacity.
 */

/** A party present: when it sits and leaves, and what it takes of the capacity. */
export type Held = { startsAt: Date; endsAt: Date; seatsTaken: number };

/** What a party takes of a slot's capacity: its covers, or its tables. */
export function seatsFor(service: Pick<ReservationServiceRow, "capacityUnit" | "tableSeats">, party: number) {
  return service.capacityUnit === "tables" ? Math.ceil(party / service.tableSeats) : party;
}

/** The most seats held at any moment of [from, until). */
export function mostHeld(held: readonly Held[], from: Date, until: Date): number {
  const start = from.getTime();
  const end = until.getTime();
  const present = held.filter((h) => h.startsAt.getTime() < end && h.endsAt.getTime() > start);
  // What is held only changes when a party sits: the peak is at the start or at one of those moments.
  const moments = [start, ...present.map((h) => h.startsAt.getTime()).filter((t) => t > start && t < end)];
  let most = 0;
  for (const moment of moments) {
    let seats = 0;
    for (const h of present)
      if (h.startsAt.getTime() <= moment && h.endsAt.getTime() > moment) seats += h.seatsTaken;
    most = Math.max(most, seats);
  }
  return most;
}

/** Seats left for a stay starting at `start`: capacity less the tightest moment's held seats. */
export function seatsLeft(held: readonly Held[], capacity: number, start: Date, stayMinutes: number): number {
  return capacity - mostHeld(held, start, new Date(start.getTime() + stayMinutes * MINUTE));
}

/**
 * What holds a service's seats at any moment of `range`: the parties present, and the places a
 * waitlist offer holds while it is live (seated as if they had been reserved, so a freed place
 * offered to the first in line cannot be taken by anyone else during the hold). `exceptId`: a party
 * being moved does not count against itself.
 */
export async function heldBetween(
  db: Database,
  storeId: number,
  serviceId: number,
  range: { from: Date; until: Date },
  exceptId?: number,
): Promise<Held[]> {
  const [rows, offers] = await Promise.all([
    db
      .select({
        id: reservations.id,
        startsAt: reservations.startsAt,
        endsAt: reservations.endsAt,
        seatsTaken: reservations.seatsTaken,
      })
      .from(reservations)
      .where(
        and(
          eq(reservations.storeId, storeId),
          eq(reservations.serviceId, serviceId),
          inArray(reservations.status, [...HOLDING_STATUSES]),
          lt(reservations.startsAt, range.until),
          gt(reservations.endsAt, range.from),
        ),
      )
      .orderBy(asc(reservations.startsAt)),
    db
      .select({
        startsAt: reservationWaitlist.startsAt,
        partySize: reservationWaitlist.partySize,
        stayMinutes: reservationServices.stayMinutes,
        capacityUnit: reservationServices.capacityUnit,
        tableSeats: reservationServices.tableSeats,
      })
      .from(reservationWaitlist)
      .innerJoin(
        reservationServices,
        and(
          eq(reservationServices.storeId, reservationWaitlist.storeId),
          eq(reservationServices.id, reservationWaitlist.serviceId),
        ),
      )
      .where(
        and(
          eq(reservationWaitlist.storeId, storeId),
          eq(reservationWaitlist.serviceId, serviceId),
          eq(reservationWaitlist.status, "offered"),
          gt(reservationWaitlist.offerExpiresAt, sql`now()`),
          lt(reservationWaitlist.startsAt, range.until),
          gt(reservationWaitlist.startsAt, new Date(range.from.getTime() - DAY)),
        ),
      ),
  ]);
  const offered = offers
    .map((offer) => ({
      startsAt: offer.startsAt,
      endsAt: new Date(offer.startsAt.getTime() + offer.stayMinutes * MINUTE),
      seatsTaken: seatsFor(offer, offer.partySize),
    }))
    .filter((offer) => offer.endsAt.getTime() > range.from.getTime());
  return [...rows.filter((row) => row.id !== exceptId), ...offered].sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
  );
}

/** The instants a day's slots and stays may span: its UTC midnight widened by the zone's widest offsets and a stay. */
export function dayReach(date: string, stayMinutes: number): { from: Date; until: Date } {
  const midnight = midnightOf(date);
  return { from: new Date(midnight - DAY), until: new Date(midnight + 2 * DAY + stayMinutes * MINUTE) };
}

/**
 * The capacity of a service on a day: the service's own, or an exception's (the service's before
 * one for every service); null when an exception closes it.
 */
export async function capacityOn(
  db: Database,
  service: Pick<ReservationServiceRow, "storeId" | "id" | "capacity">,
  dates: readonly string[],
): Promise<Map<string, number | null>> {
  const rows =
    dates.length === 0
      ? []
      : await db
          .select()
          .from(reservationExceptions)
          .where(
            and(
              eq(reservationExceptions.storeId, service.storeId),
              inArray(reservationExceptions.day, [...dates]),
              sql`(${reservationExceptions.serviceId} IS NULL OR ${reservationExceptions.serviceId} = ${service.id})`,
            ),
          );
  const capacities = new Map<string, number | null>();
  for (const date of dates) {
    const own = rows.find((row) => row.day === date && row.serviceId === service.id);
    const every = rows.find((row) => row.day === date && row.serviceId === null);
    const exception = own ?? every;
    capacities.set(date, exception ? exception.capacity : service.capacity);
  }
  return capacities;
}

/**
 * Takes the row lock of a service's day, and of its neighbours when its stays can run past
 * midnight (earliest first, so two writers never wait on each other crosswise): every change of
 * seats on the day holds them until it commits. A service whose last stay ends by midnight needs
 * only its own day's, so reservations on different days never wait on each other.
 */
export async function lockDay(
  db: Database,
  service: Pick<ReservationServiceRow, "storeId" | "id" | "lastSlot" | "stayMinutes">,
  date: string,
): Promise<void> {
  const crossesMidnight = service.lastSlot + service.stayMinutes > MINUTES_A_DAY;
  const days = crossesMidnight ? [shiftDate(date, -1), date, shiftDate(date, 1)] : [date];
  const { storeId, id: serviceId } = service;
  await db
    .insert(reservationDays)
    .values(days.map((day) => ({ storeId, serviceId, day })))
    .onConflictDoNothing();
  await db
    .select({ day: reservationDays.day })
    .from(reservationDays)
    .where(
      and(
        eq(reservationDays.storeId, storeId),
        eq(reservationDays.serviceId, serviceId),
        inArray(reservationDays.day, days),
      ),
    )
    .orderBy(asc(reservationDays.day))
    .for("update");
}
