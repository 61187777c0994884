import { createHash, randomBytes } from "node:crypto";
import { HOLDING_STATUSES, localized, type WaitlistEntry } from "@stoa/contract";
import { and, asc, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import { appointmentCode, newManageToken } from "../bookings/codes.ts";
import { bookingRulesOf } from "../bookings/settings.ts";
import { isUniqueViolation } from "../customers/service.ts";
import { localMidnight, localMinuteOfDay } from "../delivery/windows.ts";
import { tellShopper } from "../diary/messages.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { storeById } from "../stores/service.ts";
import {
  type ReservationServiceRow,
  reservationDays,
  reservationExceptions,
  reservationServices,
  reservations,
  reservationWaitlist,
} from "./tables.ts";

/*
 * The waitlist of a full reservation slot. When seats free up on a day (a cancellation, a staff
 * move), the waiting entries of that day are offered a place in the order they joined, each that
 * fits; an offered entry's party holds its seats for the shop's hold minutes — counted as taken for
 * everyone else — then the place goes to the next. Every step runs under the day's row lock, the
 * same lock a reservation takes, so an offer and a booking never both get the last seats.
 */

const MINUTE = 60_000;

/** A party's stay in a slot, and what it takes of the capacity. */
export type SeatHold = { startsAt: Date; endsAt: Date; seats: number };

/** What a party takes of a service's capacity: covers, or whole tables. */
export function seatsFor(service: Pick<ReservationServiceRow, "capacityUnit" | "tableSeats">, party: number) {
  return service.capacityUnit === "tables" ? Math.ceil(party / service.tableSeats) : party;
}

/** The shop's local date of an instant ("2026-11-30"). */
export function localDay(instant: Date, timezone: string): string {
  return new Date(localMidnight(instant, timezone)).toISOString().slice(0, 10);
}

/** Takes the lock of a service's local day (made on first use); every seat-taking change holds it. */
export async function lockReservationDay(tx: Tx, storeId: number, serviceId: number, day: string) {
  await tx.insert(reservationDays).values({ storeId, serviceId, day }).onConflictDoNothing();
  await tx.execute(
    sql`SELECT 1 FROM ${reservationDays} WHERE store_id = ${storeId} AND service_id = ${serviceId} AND day = ${day} FOR UPDATE`,
  );
}

/**
 * The seats held by live offers of a service's day: each offered party's stay, whose seats count as
 * taken for everyone else until the hold ends. A reservation's capacity count adds these to the
 * day's reservations.
 */
export async function seatsHeldByOffers(
  db: Database | Tx,
  storeId: number,
  service: Pick<ReservationServiceRow, "id" | "stayMinutes" | "capacityUnit" | "tableSeats">,
  day: string,
): Promise<SeatHold[]> {
  const offers = await db
    .select({ startsAt: reservationWaitlist.startsAt, partySize: reservationWaitlist.partySize })
    .from(reservationWaitlist)
    .where(
      and(
        eq(reservationWaitlist.storeId, storeId),
        eq(reservationWaitlist.serviceId, service.id),
        eq(reservationWaitlist.day, day),
        eq(reservationWaitlist.status, "offered"),
        gt(reservationWaitlist.offerExpiresAt, sql`now()`),
      ),
    );
  return offers.map((offer) => ({
    startsAt: offer.startsAt,
    endsAt: new Date(offer.startsAt.getTime() + service.stayMinutes * MINUTE),
    seats: seatsFor(service, offer.partySize),
  }));
}

/** What a day's reservations hold of a service, but one (being moved). */
export async function reservationHolds(
  db: Database | Tx,
  storeId: number,
  serviceId: number,
  day: string,
  exceptId: number | null = null,
): Promise<SeatHold[]> {
  return db
    .select({ startsAt: reservations.startsAt, endsAt: reservations.endsAt, seats: reservations.seatsTaken })
    .from(reservations)
    .where(
      and(
        eq(reservations.storeId, storeId),
        eq(reservations.serviceId, serviceId),
        eq(reservations.day, day),
        inArray(reservations.status, [...HOLDING_STATUSES]),
        ...(exceptId === null ? [] : [ne(reservations.id, exceptId)]),
      ),
    );
}

/** The most seats held at any moment of [start, end): a party present at 19:00 still counts at 20:30. */
export function peakHeld(holds: SeatHold[], start: Date, end: Date): number {
  const moments = [start, ...holds.map((h) => h.startsAt).filter((t) => t > start && t < end)];
  let peak = 0;
  for (const moment of moments) {
    const held = holds
      .filter((h) => h.startsAt <= moment && h.endsAt > moment)
      .reduce((sum, h) => sum + h.seats, 0);
    peak = Math.max(peak, held);
  }
  return peak;
}

/** A service's capacity on a local day, exceptions applied; null when it does not run that day. */
export async function dayCapacity(
  db: Database | Tx,
  storeId: number,
  service: ReservationServiceRow,
  day: string,
): Promise<number | null> {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const exceptions = await db
    .select({ serviceId: reservationExceptions.serviceId, capacity: reservationExceptions.capacity })
    .from(reservationExceptions)
    .where(and(eq(reservationExceptions.storeId, storeId), eq(reservationExceptions.day, day)));
  const relevant = exceptions.filter((e) => e.serviceId === null || e.serviceId === service.id);
  if (relevant.some((e) => e.capacity === null)) return null;
  // A service's own exception says more than one for the whole shop.
  const own = relevant.find((e) => e.serviceId === service.id) ?? relevant[0];
  if (own) return own.capacity;
  return service.active && service.weekdays.includes(weekday) ? service.capacity : null;
}

/** Whether a start is one of the service's slots on the shop's clock. */
export function isSlot(service: ReservationServiceRow, startsAt: Date, timezone: string): boolean {
  const minute = localMinuteOfDay(startsAt, timezone);
  return (
    minute >= service.firstSlot &&
    minute <= service.lastSlot &&
    (minute - service.firstSlot) % service.slotEveryMinutes === 0
  );
}

/** Seats free for a party's whole stay from a start, live offers counted as taken. Call under the day's lock. */
export async function seatsFreeAt(
  db: Database | Tx,
  storeId: number,
  service: ReservationServiceRow,
  day: string,
  startsAt: Date,
  exceptId: number | null = null,
): Promise<number> {
  const capacity = await dayCapacity(db, storeId, service, day);
  if (capacity === null) return 0;
  const holds = [
    ...(await reservationHolds(db, storeId, service.id, day, exceptId)),
    ...(await seatsHeldByOffers(db, storeId, service, day)),
  ];
  const endsAt = new Date(startsAt.getTime() + service.stayMinutes * MINUTE);
  return capacity - peakHeld(holds, startsAt, endsAt);
}

export async function reservationService(db: Database | Tx, storeId: number, serviceId: number) {
  const [service] = await db
    .select()
    .from(reservationServices)
    .where(and(eq(reservationServices.storeId, storeId), eq(reservationServices.id, serviceId)));
  return service ?? null;
}

function hashOfferToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
const OFFER_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Puts a party on a full slot's waitlist; a slot with room for it is refused (reserve it instead). */
export async function joinWaitlist(
  db: Database,
  storeId: number,
  locale: string,
  customerId: number | null,
  body: {
    serviceId: number;
    startsAt: string;
    partySize: number;
    name: string;
    email: string;
    phone: string;
  },
): Promise<WaitlistEntry> {
  const service = await reservationService(db, storeId, body.serviceId);
  if (!service?.active) throw new ApiError("NOT_FOUND");
  if (body.partySize < service.partyMin || body.partySize > service.partyMax)
    throw new ApiError("PARTY_SIZE_INVALID");
  const { timezone } = await bookingRulesOf(db, storeId);
  const startsAt = new Date(body.startsAt);
  if (startsAt.getTime() <= Date.now() || !isSlot(service, startsAt, timezone))
    throw new ApiError("BOOKING_CLOSED");
  const day = localDay(startsAt, timezone);
  return db.transaction(async (tx) => {
    await lockReservationDay(tx, storeId, service.id, day);
    if ((await dayCapacity(tx, storeId, service, day)) === null) throw new ApiError("BOOKING_CLOSED");
    const free = await seatsFreeAt(tx, storeId, service, day, startsAt);
    if (free >= seatsFor(service, body.partySize)) throw new ApiError("WAITLIST_SLOT_NOT_FULL");
    await tx.insert(reservationWaitlist).values({
      storeId,
      serviceId: service.id,
      day,
      startsAt,
      partySize: body.partySize,
      customerId,
      name: body.name,
      email: body.email,
      phone: body.phone,
      language: locale,
    });
    return {
      serviceName: localized(service.nameLocalizations, locale === "ar" || locale === "he" ? locale : "en"),
      startsAt: startsAt.toISOString(),
      timezone,
      partySize: body.partySize,
      status: "waiting",
      offerExpiresAt: null,
      reservationCode: null,
    };
  });
}

/**
 * Seats freed on a service's day (by a cancellation or a move; a no-show frees nothing worth
 * offering): the day's waiting entries, in the order they joined, are each offered a place when
 * their party fits. Runs in the caller's transaction; takes the day's lock (again, harmlessly, when
 * the caller holds it). `startsAt`: any instant of the day seats were freed on.
 */
export async function offerFreedPlaces(
  tx: Tx,
  storeId: number,
  serviceId: number,
  startsAt: Date,
): Promise<number> {
  const service = await reservationService(tx, storeId, serviceId);
  if (!service) return 0;
  const rules = await bookingRulesOf(tx as unknown as Database, storeId);
  const day = localDay(startsAt, rules.timezone);
  await lockReservationDay(tx, storeId, serviceId, day);
  const waiting = await tx
    .select()
    .from(reservationWaitlist)
    .where(
      and(
        eq(reservationWaitlist.storeId, storeId),
        eq(reservationWaitlist.serviceId, serviceId),
        eq(reservationWaitlist.day, day),
        eq(reservationWaitlist.status, "waiting"),
        gt(reservationWaitlist.startsAt, sql`now()`),
      ),
    )
    .orderBy(asc(reservationWaitlist.id));
  if (waiting.length === 0) return 0;
  const store = await storeById(tx as unknown as Database, storeId);
  if (!store) return 0;
  let offered = 0;
  for (const entry of waiting) {
    const free = await seatsFreeAt(tx, storeId, service, day, entry.startsAt);
    if (free < seatsFor(service, entry.partySize)) continue;
    const token = randomBytes(32).toString("base64url");
    await tx
      .update(reservationWaitlist)
      .set({
        status: "offered",
        offerTokenHash: hashOfferToken(token),
        offeredAt: sql`now()`,
        offerExpiresAt: sql`now() + make_interval(mins => ${rules.waitlistHoldMinutes})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(reservationWaitlist.storeId, storeId), eq(reservationWaitlist.id, entry.id)));
    const locale = entry.language === "ar" || entry.language === "he" ? entry.language : "en";
    await tellShopper(tx as unknown as Database, store, rules.timezone, entry, {
      kind: "waitlistOffer",
      what: localized(service.nameLocalizations, locale),
      startsAt: entry.startsAt,
      party: entry.partySize,
      link: `${storeOwnOrigin(store)}/reserve/waitlist/offer/${token}`,
      holdMinutes: rules.waitlistHoldMinutes,
    });
    offered += 1;
  }
  return offered;
}

/**
 * Offers whose hold ran out (a sweeper step): each is claimed by one atomic update, so two
 * processes never pass one place on twice, and its place goes to the next in line.
 */
export async function passOnExpiredOffers(db: Database): Promise<{ expired: number }> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(reservationWaitlist)
      .set({ status: "expired", updatedAt: sql`now()` })
      .where(
        and(eq(reservationWaitlist.status, "offered"), lte(reservationWaitlist.offerExpiresAt, sql`now()`)),
      )
      .returning({
        storeId: reservationWaitlist.storeId,
        serviceId: reservationWaitlist.serviceId,
        startsAt: reservationWaitlist.startsAt,
      });
    // Days' locks in one order (store, service, time), as every other writer takes them: never crosswise.
    const slots = [
      ...new Map(expired.map((e) => [`${e.storeId}:${e.serviceId}:${e.startsAt.toISOString()}`, e])).values(),
    ];
    slots.sort(
      (a, b) =>
        a.storeId - b.storeId || a.serviceId - b.serviceId || a.startsAt.getTime() - b.startsAt.getTime(),
    );
    for (const e of slots) await offerFreedPlaces(tx, e.storeId, e.serviceId, e.startsAt);
    return { expired: expired.length };
  });
}

async function entryByToken(db: Database | Tx, storeId: number, token: string, lock = false) {
  if (!OFFER_TOKEN.test(token)) throw new ApiError("WAITLIST_OFFER_EXPIRED");
  const query = db
    .select()
    .from(reservationWaitlist)
    .where(
      and(
        eq(reservationWaitlist.storeId, storeId),
        eq(reservationWaitlist.offerTokenHash, hashOfferToken(token)),
      ),
    );
  const [entry] = lock ? await query.for("update") : await query;
  if (!entry) throw new ApiError("WAITLIST_OFFER_EXPIRED");
  return entry;
}

async function entryView(
  db: Database | Tx,
  storeId: number,
  entry: typeof reservationWaitlist.$inferSelect,
  locale: string,
) {
  const service = await reservationService(db, storeId, entry.serviceId);
  const { timezone } = await bookingRulesOf(db as Database, storeId);
  let reservationCode: string | null = null;
  if (entry.reservationId) {
    const [made] = await db
      .select({ code: reservations.code })
      .from(reservations)
      .where(and(eq(reservations.storeId, storeId), eq(reservations.id, entry.reservationId)));
    reservationCode = made?.code ?? null;
  }
  const live = entry.status === "offered" && (entry.offerExpiresAt?.getTime() ?? 0) > Date.now();
  return {
    serviceName: localized(service?.nameLocalizations, locale === "ar" || locale === "he" ? locale : "en"),
    startsAt: entry.startsAt.toISOString(),
    timezone,
    partySize: entry.partySize,
    status: entry.status === "offered" && !live ? ("expired" as const) : entry.status,
    offerExpiresAt: live ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    reservationCode,
  };
}

/** The offer a link carries, as it stands. */
export async function waitlistOffer(
  db: Database,
  storeId: number,
  locale: string,
  token: string,
): Promise<WaitlistEntry> {
  return entryView(db, storeId, await entryByToken(db, storeId, token), locale);
}

/**
 * Takes an offered place while it is held: the held seats become a confirmed reservation (they were
 * counted as taken since the offer, so no one else can have them), and the shopper gets its code and
 * manage link. After the hold: WAITLIST_OFFER_EXPIRED. Accepting twice answers the same reservation.
 */
export async function acceptWaitlistOffer(
  db: Database,
  storeId: number,
  locale: string,
  token: string,
): Promise<WaitlistEntry> {
  const found = await entryByToken(db, storeId, token);
  const { timezone } = await bookingRulesOf(db, storeId);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await lockReservationDay(tx, storeId, found.serviceId, found.day);
        const entry = await entryByToken(tx, storeId, token, true);
        if (entry.status === "booked") return entryView(tx, storeId, entry, locale);
        if (entry.status !== "offered" || (entry.offerExpiresAt?.getTime() ?? 0) <= Date.now())
          throw new ApiError("WAITLIST_OFFER_EXPIRED");
        const service = await reservationService(tx, storeId, entry.serviceId);
        const store = await storeById(tx as unknown as Database, storeId);
        if (!service || !store) throw new ApiError("WAITLIST_OFFER_EXPIRED");
        const manage = newManageToken();
        const [made] = await tx
          .insert(reservations)
          .values({
            storeId,
            code: appointmentCode("R"),
            serviceId: service.id,
            customerId: entry.customerId,
            name: entry.name,
            phone: entry.phone,
            email: entry.email,
            language: entry.language,
            partySize: entry.partySize,
            seatsTaken: seatsFor(service, entry.partySize),
            day: entry.day,
            startsAt: entry.startsAt,
            endsAt: new Date(entry.startsAt.getTime() + service.stayMinutes * MINUTE),
            status: "confirmed",
            source: "online",
            manageTokenHash: manage.hash,
          })
          .returning({ id: reservations.id, code: reservations.code });
        if (!made) throw new ApiError("WAITLIST_OFFER_EXPIRED");
        const [booked] = await tx
          .update(reservationWaitlist)
          .set({ status: "booked", reservationId: made.id, updatedAt: sql`now()` })
          .where(and(eq(reservationWaitlist.storeId, storeId), eq(reservationWaitlist.id, entry.id)))
          .returning();
        const language = entry.language === "ar" || entry.language === "he" ? entry.language : "en";
        await tellShopper(tx as unknown as Database, store, timezone, entry, {
          kind: "waitlistBooked",
          code: made.code,
          what: localized(service.nameLocalizations, language),
          startsAt: entry.startsAt,
          link: `${storeOwnOrigin(store)}/reserve/manage/${manage.token}`,
        });
        return entryView(tx, storeId, booked ?? entry, locale);
      });
    } catch (error) {
      // A clash of the short code (unique per store): draw another.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
