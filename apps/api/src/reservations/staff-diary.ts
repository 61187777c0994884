import {
  HOLDING_STATUSES,
  type Locale,
  localized,
  type ReservationServiceSaveBodyInput,
  type ReservationServiceSetup,
} from "@stoa/contract";
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { bookingRulesOf } from "../bookings/settings.ts";
import { tellShopper } from "../diary/messages.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { storeById } from "../stores/service.ts";
import { localDateOf } from "./calendar.ts";
import { lockDay, seatsFor } from "./capacity.ts";
import { type ReservationRow, reservationExceptions, reservationServices, reservations } from "./tables.ts";
import { dayCapacity, isSlot, offerFreedPlaces, reservationService, seatsFreeAt } from "./waitlist.ts";

/*
 * The reservations side of the staff diary: reading a day's parties, marking them, moving or
 * cancelling one (the shopper is told, freed seats go to the waitlist), the days a service does not
 * run, and the reservable services' setup. Seat-changing steps hold the day's lock, as a shopper's
 * reservation does.
 */

export type Actor = { storeId: number; staffId: number };
const MINUTE = 60_000;

export type ReservationEntry = ReservationRow & { serviceName: string };

async function withServiceNames(db: Database | Tx, storeId: number, rows: ReservationRow[], locale: Locale) {
  const services = await db
    .select()
    .from(reservationServices)
    .where(eq(reservationServices.storeId, storeId));
  const names = new Map(services.map((s) => [s.id, localized(s.nameLocalizations, locale)]));
  return rows.map((row) => ({ ...row, serviceName: names.get(row.serviceId) ?? "" }));
}

/** The reservations starting on the shop's local days from `from` to `to` (inclusive), by start. */
export async function reservationsOfDays(
  db: Database,
  storeId: number,
  from: string,
  to: string,
  locale: Locale,
): Promise<ReservationEntry[]> {
  const rows = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.storeId, storeId), gte(reservations.day, from), lte(reservations.day, to)))
    .orderBy(asc(reservations.startsAt), asc(reservations.id));
  return withServiceNames(db, storeId, rows, locale);
}

export async function reservationEntry(db: Database | Tx, storeId: number, id: number, locale: Locale) {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.storeId, storeId), eq(reservations.id, id)));
  if (!row) throw new ApiError("NOT_FOUND");
  const [entry] = await withServiceNames(db, storeId, [row], locale);
  return entry as ReservationEntry;
}

/** The reservable services, for the diary's grouping. */
export async function reservationServiceNames(db: Database, storeId: number, locale: Locale) {
  const services = await db
    .select()
    .from(reservationServices)
    .where(eq(reservationServices.storeId, storeId))
    .orderBy(asc(reservationServices.sort), asc(reservationServices.id));
  return services.map((s) => ({ id: s.id, name: localized(s.nameLocalizations, locale), active: s.active }));
}

async function lockedReservation(tx: Tx, storeId: number, id: number) {
  const [row] = await tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.storeId, storeId), eq(reservations.id, id)))
    .for("update");
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/** Arrived or no-show: only a reservation not cancelled (a no-show frees nothing to offer: the time has come). */
export async function markReservation(db: Database, actor: Actor, id: number, status: "arrived" | "noShow") {
  const [current] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.storeId, actor.storeId), eq(reservations.id, id)));
  if (!current) throw new ApiError("NOT_FOUND");
  const service = await reservationService(db, actor.storeId, current.serviceId);
  await db.transaction(async (tx) => {
    // The day's lock before the row's, the order every writer of the day's seats takes.
    if (service) await lockDay(tx as unknown as Database, service, current.day);
    const row = await lockedReservation(tx, actor.storeId, id);
    if (row.status === "cancelled") throw new ApiError("APPOINTMENT_NOT_ACTIVE");
    // A party marked no-show that turns up after all sits again only if its seats are still free.
    const holding = (HOLDING_STATUSES as readonly string[]).includes(row.status);
    if (status === "arrived" && !holding && service) {
      const free = await seatsFreeAt(tx, service, row.day, row.startsAt, row.id);
      if (free < row.seatsTaken) throw new ApiError("SLOT_UNAVAILABLE");
    }
    await tx
      .update(reservations)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(reservations.storeId, actor.storeId), eq(reservations.id, id)));
  });
}

/**
 * Moves a party to a new start of its service. Onto a full slot, a day it does not run or a time
 * that is not a slot only with a reason, which is kept. Both days' locks are taken in date order;
 * the seats left behind go to the waitlist.
 */
export async function moveReservation(
  db: Database,
  actor: Actor,
  id: number,
  startsAt: Date,
  overrideReason: string,
) {
  const { timezone } = await bookingRulesOf(db, actor.storeId);
  const [current] = await db
    .select({ serviceId: reservations.serviceId, day: reservations.day })
    .from(reservations)
    .where(and(eq(reservations.storeId, actor.storeId), eq(reservations.id, id)));
  if (!current) throw new ApiError("NOT_FOUND");
  const day = localDateOf(startsAt, timezone);
  const service = await reservationService(db, actor.storeId, current.serviceId);
  if (!service) throw new ApiError("NOT_FOUND");
  await db.transaction(async (tx) => {
    // Both days' locks, the earlier first, as every writer takes them.
    for (const d of [...new Set([current.day, day])].sort())
      await lockDay(tx as unknown as Database, service, d);
    const row = await lockedReservation(tx, actor.storeId, id);
    if (!(HOLDING_STATUSES as readonly string[]).includes(row.status))
      throw new ApiError("APPOINTMENT_NOT_ACTIVE");
    const fits =
      isSlot(service, startsAt, timezone) &&
      (await dayCapacity(tx, service, day)) !== null &&
      (await seatsFreeAt(tx, service, day, startsAt, id)) >= seatsFor(service, row.partySize);
    if (!fits && !overrideReason) throw new ApiError("OVERRIDE_REASON_REQUIRED");
    await tx
      .update(reservations)
      .set({
        startsAt,
        endsAt: new Date(startsAt.getTime() + service.stayMinutes * MINUTE),
        day,
        overrideReason: fits ? row.overrideReason : overrideReason,
        // A new time is reminded of again.
        reminderSentAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(reservations.storeId, actor.storeId), eq(reservations.id, id)));
    const store = await storeById(tx as unknown as Database, actor.storeId);
    if (store)
      await tellShopper(tx as unknown as Database, store, timezone, row, {
        kind: "moved",
        code: row.code,
        what: localized(
          service.nameLocalizations,
          row.language === "ar" || row.language === "he" ? row.language : "en",
        ),
        startsAt,
      });
    await offerFreedPlaces(tx, actor.storeId, row.serviceId, row.startsAt);
  });
}

/** Cancels a party with a reason, kept; the shopper is told and the seats go to the waitlist. */
export async function cancelReservation(db: Database, actor: Actor, id: number, reason: string) {
  const { timezone } = await bookingRulesOf(db, actor.storeId);
  const [current] = await db
    .select({ serviceId: reservations.serviceId, day: reservations.day })
    .from(reservations)
    .where(and(eq(reservations.storeId, actor.storeId), eq(reservations.id, id)));
  if (!current) throw new ApiError("NOT_FOUND");
  const service = await reservationService(db, actor.storeId, current.serviceId);
  if (!service) throw new ApiError("NOT_FOUND");
  await db.transaction(async (tx) => {
    await lockDay(tx as unknown as Database, service, current.day);
    const row = await lockedReservation(tx, actor.storeId, id);
    if (!(HOLDING_STATUSES as readonly string[]).includes(row.status))
      throw new ApiError("APPOINTMENT_NOT_ACTIVE");
    await tx
      .update(reservations)
      .set({
        status: "cancelled",
        cancelledAt: sql`now()`,
        cancelledBy: "staff",
        cancelReason: reason,
        updatedAt: sql`now()`,
      })
      .where(and(eq(reservations.storeId, actor.storeId), eq(reservations.id, id)));
    const store = await storeById(tx as unknown as Database, actor.storeId);
    if (store)
      await tellShopper(tx as unknown as Database, store, timezone, row, {
        kind: "cancelled",
        code: row.code,
        what: localized(
          service?.nameLocalizations,
          row.language === "ar" || row.language === "he" ? row.language : "en",
        ),
        startsAt: row.startsAt,
        reason,
      });
    await offerFreedPlaces(tx, actor.storeId, row.serviceId, row.startsAt);
  });
}

/** The days services do not run (or run with another capacity), from a local date on. */
export async function reservationExceptionsFrom(db: Database, storeId: number, from: string) {
  return db
    .select()
    .from(reservationExceptions)
    .where(and(eq(reservationExceptions.storeId, storeId), gte(reservationExceptions.day, from)))
    .orderBy(asc(reservationExceptions.day), asc(reservationExceptions.id));
}

/** Adds a day's exception; answers the parties already reserved inside it. */
export async function addReservationException(
  db: Database,
  actor: Actor,
  exception: { serviceId: number | null; day: string; capacity: number | null; reason: string },
  locale: Locale,
) {
  if (exception.serviceId !== null && !(await reservationService(db, actor.storeId, exception.serviceId)))
    throw new ApiError("NOT_FOUND");
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(reservationExceptions)
      .values({ storeId: actor.storeId, ...exception, createdBy: actor.staffId })
      .returning();
    if (!made) throw new ApiError("NOT_FOUND");
    await recordChange(tx as unknown as Database, {
      storeId: actor.storeId,
      staffId: actor.staffId,
      action: "reservationException.add",
      subject: `reservationException:${made.id}`,
      after: exception,
    });
    const inside = await tx
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.storeId, actor.storeId),
          eq(reservations.day, exception.day),
          inArray(reservations.status, [...HOLDING_STATUSES]),
          ...(exception.serviceId === null ? [] : [eq(reservations.serviceId, exception.serviceId)]),
        ),
      )
      .orderBy(asc(reservations.startsAt));
    return { exception: made, affected: await withServiceNames(tx, actor.storeId, inside, locale) };
  });
}

export async function removeReservationException(db: Database, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(reservationExceptions)
      .where(and(eq(reservationExceptions.storeId, actor.storeId), eq(reservationExceptions.id, id)))
      .returning();
    if (!gone) throw new ApiError("NOT_FOUND");
    await recordChange(tx as unknown as Database, {
      storeId: actor.storeId,
      staffId: actor.staffId,
      action: "reservationException.remove",
      subject: `reservationException:${id}`,
      before: { serviceId: gone.serviceId, day: gone.day, capacity: gone.capacity, reason: gone.reason },
    });
  });
}

function setupOf(row: typeof reservationServices.$inferSelect): ReservationServiceSetup {
  return {
    id: row.id,
    nameLocalizations: row.nameLocalizations,
    descriptionLocalizations: row.descriptionLocalizations,
    weekdays: row.weekdays,
    firstSlot: row.firstSlot,
    lastSlot: row.lastSlot,
    slotEveryMinutes: row.slotEveryMinutes,
    stayMinutes: row.stayMinutes,
    capacity: row.capacity,
    capacityUnit: row.capacityUnit,
    tableSeats: row.tableSeats,
    partyMin: row.partyMin,
    partyMax: row.partyMax,
    active: row.active,
  };
}

export async function reservationServicesSetup(
  db: Database,
  storeId: number,
): Promise<ReservationServiceSetup[]> {
  const rows = await db
    .select()
    .from(reservationServices)
    .where(eq(reservationServices.storeId, storeId))
    .orderBy(asc(reservationServices.sort), asc(reservationServices.id));
  return rows.map(setupOf);
}

/** Creates or edits a reservable service; the audit log keeps before and after. */
export async function saveReservationService(
  db: Database,
  actor: Actor,
  body: Required<Omit<ReservationServiceSaveBodyInput, "id">> & { id: number | null },
): Promise<ReservationServiceSetup> {
  const { id, ...values } = body;
  return db.transaction(async (tx) => {
    let before: ReservationServiceSetup | null = null;
    let row: typeof reservationServices.$inferSelect | undefined;
    if (id === null) {
      [row] = await tx
        .insert(reservationServices)
        .values({ storeId: actor.storeId, ...values })
        .returning();
    } else {
      const [old] = await tx
        .select()
        .from(reservationServices)
        .where(and(eq(reservationServices.storeId, actor.storeId), eq(reservationServices.id, id)))
        .for("update");
      if (!old) throw new ApiError("NOT_FOUND");
      before = setupOf(old);
      [row] = await tx
        .update(reservationServices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(reservationServices.storeId, actor.storeId), eq(reservationServices.id, id)))
        .returning();
    }
    if (!row) throw new ApiError("NOT_FOUND");
    const after = setupOf(row);
    await recordChange(tx as unknown as Database, {
      storeId: actor.storeId,
      staffId: actor.staffId,
      action: id === null ? "reservationService.create" : "reservationService.update",
      subject: `reservationService:${row.id}`,
      before,
      after,
    });
    return after;
  });
}
