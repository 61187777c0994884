import type { AppointmentSource, Locale } from "@stoa/contract";
import { localized } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { appointmentCode, newManageToken } from "../bookings/codes.ts";
import type { BookingRules } from "../bookings/settings.ts";
import { enqueueComposed } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import { daySlots, localDateOf, MINUTE } from "./calendar.ts";
import { capacityOn, heldBetween, lockDay, mostHeld, seatsFor } from "./capacity.ts";
import { reservationEmail } from "./messages.ts";
import { type ReservationRow, type ReservationServiceRow, reservations } from "./tables.ts";

/*
 * Seating a party: the one place seats are taken, under the row locks of the service's day
 * (capacity.ts), for shoppers online and for staff taking a phone call or a walk-in or moving a party.
 */

/** Who the party is and where they sit. `start` must be one of the day's slots unless staff override. */
export type PartyRequest = {
  service: ReservationServiceRow;
  date: string;
  start: Date;
  partySize: number;
  name: string;
  phone: string;
  email: string;
  note: string;
  language: Locale;
  customerId: number | null;
};

/**
 * How it is made. `source` other than `online` is staff: no lead time or horizon, and a full slot,
 * a closed day or a time off the slots is OVERRIDE_REASON_REQUIRED unless `overrideReason` says
 * why (kept on the reservation).
 */
export type SeatOptions = {
  source: AppointmentSource;
  overrideReason?: string | null;
  now?: Date;
};

/** Where the shop is and its rules: the manage link's origin, zone and windows. */
export type ShopPlace = { store: StoreRow; origin: string; rules: BookingRules };

/** A full slot for a shopper online: the caller answers SLOT_UNAVAILABLE with the next free times. */
export class SlotFull extends Error {}

/** The manage link and its calendar file's link of a token. */
export const manageLink = (origin: string, token: string) => `${origin}/reserve/manage/${token}`;
export const calendarLink = (origin: string, token: string) =>
  `${origin}/reserve/manage/${token}/calendar.ics`;

/** Why a request off the rules goes ahead: its override reason, or a refusal. */
function overridden(options: SeatOptions, refusal: () => ApiError | SlotFull): string | null {
  if (options.source === "online") throw refusal();
  const reason = options.overrideReason?.trim();
  if (!reason) throw new ApiError("OVERRIDE_REASON_REQUIRED");
  return reason;
}

/**
 * Checks a start against the day's calendar before any lock: one of the service's slots that day,
 * far enough ahead and not past the horizon for shoppers. Answers the override reason a staff
 * request off the slots needs, or null.
 */
export function checkStart(
  place: ShopPlace,
  request: Pick<PartyRequest, "service" | "date" | "start">,
  options: SeatOptions,
): string | null {
  const { rules } = place;
  const now = options.now ?? new Date();
  const onSlot =
    localDateOf(request.start, rules.timezone) === request.date &&
    daySlots(request.service, request.date, rules.timezone).some(
      (slot) => slot.getTime() === request.start.getTime(),
    );
  const reason = onSlot ? null : overridden(options, () => new ApiError("BOOKING_CLOSED"));
  if (options.source === "online") {
    if (request.start.getTime() < now.getTime() + rules.leadMinutes * MINUTE)
      throw new ApiError("BOOKING_TOO_SOON", undefined, undefined, undefined, {
        hours: String(Math.ceil(rules.leadMinutes / 60)),
      });
  }
  return reason;
}

/**
 * Under the day's locks: the party fits at every moment of its stay, or the override says why not.
 * Answers the override reason kept, or null. `exceptId`: a party being moved.
 */
async function checkRoom(
  tx: Database,
  request: PartyRequest,
  options: SeatOptions,
  exceptId?: number,
): Promise<string | null> {
  const { service } = request;
  await lockDay(tx, service, request.date);
  const capacity = (await capacityOn(tx, service, [request.date])).get(request.date) ?? null;
  if (capacity === null) return overridden(options, () => new ApiError("BOOKING_CLOSED"));
  const until = new Date(request.start.getTime() + service.stayMinutes * MINUTE);
  const held = await heldBetween(tx, service.storeId, service.id, { from: request.start, until }, exceptId);
  if (mostHeld(held, request.start, until) + seatsFor(service, request.partySize) <= capacity) return null;
  return overridden(options, () => new SlotFull());
}

/** Whether an insert met the unique code of another reservation (drawn again) rather than a key. */
async function codeTaken(tx: Database, storeId: number, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.storeId, storeId), eq(reservations.code, code)));
  return row !== undefined;
}

/** A reservation the same Idempotency-Key made before: the caller answers it (or refuses another body). */
export class KeyTaken extends Error {}

/**
 * Seats a party and queues its confirmation email, in one transaction: a confirmed reservation
 * whose manage link (emailed to the guest) carries `manage.token`, a new random one unless given;
 * only its hash is kept. Staff reuse it for phone and walk-in reservations:
 * `takeReservation(db, place, request, { source: "phone", overrideReason })`.
 * Throws SlotFull (online), OVERRIDE_REASON_REQUIRED (staff without a reason), BOOKING_CLOSED,
 * BOOKING_TOO_SOON, or KeyTaken when `idempotency.key` was used already.
 */
export async function takeReservation(
  db: Database,
  place: ShopPlace,
  request: PartyRequest,
  options: SeatOptions & { idempotency?: { key: string; digest: string } },
  manage: { token: string; hash: string } = newManageToken(),
): Promise<ReservationRow> {
  const offSlots = checkStart(place, request, options);
  const { service } = request;
  return db.transaction(async (tx) => {
    const overCapacity = await checkRoom(tx, request, options);
    let row: ReservationRow | undefined;
    for (let attempt = 0; !row; attempt++) {
      const code = appointmentCode("R");
      [row] = await tx
        .insert(reservations)
        .values({
          storeId: service.storeId,
          code,
          serviceId: service.id,
          customerId: request.customerId,
          name: request.name,
          phone: request.phone,
          email: request.email,
          note: request.note,
          language: request.language,
          partySize: request.partySize,
          seatsTaken: seatsFor(service, request.partySize),
          day: request.date,
          startsAt: request.start,
          endsAt: new Date(request.start.getTime() + service.stayMinutes * MINUTE),
          status: "confirmed",
          source: options.source,
          manageTokenHash: manage.hash,
          idempotencyKey: options.idempotency?.key ?? null,
          requestDigest: options.idempotency?.digest ?? null,
          overrideReason: overCapacity ?? offSlots,
        })
        .onConflictDoNothing()
        .returning();
      if (!row && (attempt > 3 || !(await codeTaken(tx, service.storeId, code)))) throw new KeyTaken();
    }
    if (row.email)
      await enqueueComposed(
        tx,
        service.storeId,
        reservationEmail(
          row.email,
          {
            kind: "confirmed",
            storeName: localized(place.store.nameLocalizations, request.language),
            serviceName: localized(service.nameLocalizations, request.language),
            code: row.code,
            partySize: row.partySize,
            startsAt: row.startsAt,
            timezone: place.rules.timezone,
            manageLink: manageLink(place.origin, manage.token),
            calendarLink: calendarLink(place.origin, manage.token),
          },
          request.language,
        ),
      );
    return row;
  });
}

/**
 * Staff move a party to another day or time of its service (the diary): under the new day's locks,
 * the party not counted against itself. Onto a full slot, a closed day or off the slots only with
 * `overrideReason` (kept), else OVERRIDE_REASON_REQUIRED. A reservation no longer holding seats is
 * APPOINTMENT_NOT_ACTIVE.
 */
export async function moveReservation(
  db: Database,
  place: ShopPlace,
  moving: { reservation: ReservationRow; service: ReservationServiceRow; date: string; start: Date },
  options: { overrideReason?: string | null; now?: Date },
): Promise<ReservationRow> {
  const { reservation, service } = moving;
  const staff: SeatOptions = { source: "phone", ...options };
  const request: PartyRequest = {
    service,
    date: moving.date,
    start: moving.start,
    partySize: reservation.partySize,
    name: reservation.name,
    phone: reservation.phone,
    email: reservation.email,
    note: reservation.note,
    language: reservation.language as Locale,
    customerId: reservation.customerId,
  };
  const offSlots = checkStart(place, request, staff);
  return db.transaction(async (tx) => {
    const overCapacity = await checkRoom(tx, request, staff, reservation.id);
    const [moved] = await tx
      .update(reservations)
      .set({
        serviceId: service.id,
        day: moving.date,
        startsAt: moving.start,
        endsAt: new Date(moving.start.getTime() + service.stayMinutes * MINUTE),
        seatsTaken: seatsFor(service, reservation.partySize),
        overrideReason: overCapacity ?? offSlots ?? reservation.overrideReason,
        reminderSentAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(reservations.storeId, reservation.storeId),
          eq(reservations.id, reservation.id),
          eq(reservations.status, "confirmed"),
        ),
      )
      .returning();
    if (!moved) throw new ApiError("APPOINTMENT_NOT_ACTIVE");
    return moved;
  });
}
