import { createHash, randomBytes } from "node:crypto";
import { localized, type WaitlistEntry } from "@stoa/contract";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { appointmentCode, newManageToken } from "../bookings/codes.ts";
import { bookingRulesOf } from "../bookings/settings.ts";
import { isUniqueViolation } from "../customers/service.ts";
import { tellShopper } from "../diary/messages.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { storeById } from "../stores/service.ts";
import { daySlots, localDateOf, MINUTE, runsOn } from "./calendar.ts";
import { capacityOn, heldBetween, lockDay, mostHeld, seatsFor } from "./capacity.ts";
import {
  type ReservationServiceRow,
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

/** A service's capacity on a local day, exceptions applied; null when it does not run that day. */
export async function dayCapacity(
  db: Database | Tx,
  service: ReservationServiceRow,
  day: string,
): Promise<number | null> {
  if (!service.active || !runsOn(service, day)) return null;
  return (await capacityOn(db as Database, service, [day])).get(day) ?? null;
}

/** Whether a start is one of the service's slots on its local day. */
export function isSlot(service: ReservationServiceRow, startsAt: Date, timezone: string): boolean {
  const day = localDateOf(startsAt, timezone);
  return daySlots(service, day, timezone).some((slot) => slot.getTime() === startsAt.getTime());
}

/**
 * Seats free for a party's whole stay from a start: the reservations present (one being moved
 * left out) and the live offers counted as taken. Call under the day's locks (`lockDay`).
 */
export async function seatsFreeAt(
  db: Database | Tx,
  service: ReservationServiceRow,
  day: string,
  startsAt: Date,
  exceptId?: number,
): Promise<number> {
  const capacity = await dayCapacity(db, service, day);
  if (capacity === null) return 0;
  const until = new Date(startsAt.getTime() + service.stayMinutes * MINUTE);
  const held = await heldBetween(
    db as Database,
    service.storeId,
    service.id,
    { from: startsAt, until },
    exceptId,
  );
  return capacity - mostHeld(held, startsAt, until);
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
  const day = localDateOf(startsAt, timezone);
  return db.transaction(async (tx) => {
    await lockDay(tx as unknown as Database, service, day);
    if ((await dayCapacity(tx, service, day)) === null) throw new ApiError("BOOKING_CLOSED");
    const free = await seatsFreeAt(tx, service, day, startsAt);
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
  const day = localDateOf(startsAt, rules.timezone);
  await lockDay(tx as unknown as Database, service, day);
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
    const free = await seatsFreeAt(tx, service, day, entry.startsAt);
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
 * Offers whose hold ran out (a sweeper step). Each service's day is handled in its own transaction
 * that takes the day's lock first — the order every other writer of the day's seats takes, an
 * accept included — then expires the offers still offered and past their hold (a conditional
 * update, so two processes never pass one place on twice), and offers the place to the next in line.
 */
export async function passOnExpiredOffers(db: Database): Promise<{ expired: number }> {
  const due = await db
    .select({
      storeId: reservationWaitlist.storeId,
      serviceId: reservationWaitlist.serviceId,
      day: reservationWaitlist.day,
      startsAt: reservationWaitlist.startsAt,
    })
    .from(reservationWaitlist)
    .where(
      and(eq(reservationWaitlist.status, "offered"), lte(reservationWaitlist.offerExpiresAt, sql`now()`)),
    );
  const days = [...new Map(due.map((e) => [`${e.storeId}:${e.serviceId}:${e.day}`, e])).values()].sort(
    (a, b) => a.storeId - b.storeId || a.serviceId - b.serviceId || a.day.localeCompare(b.day),
  );
  let expired = 0;
  for (const slot of days) {
    expired += await db.transaction(async (tx) => {
      const service = await reservationService(tx, slot.storeId, slot.serviceId);
      if (service) await lockDay(tx as unknown as Database, service, slot.day);
      const gone = await tx
        .update(reservationWaitlist)
        .set({ status: "expired", updatedAt: sql`now()` })
        .where(
          and(
            eq(reservationWaitlist.storeId, slot.storeId),
            eq(reservationWaitlist.serviceId, slot.serviceId),
            eq(reservationWaitlist.day, slot.day),
            eq(reservationWaitlist.status, "offered"),
            lte(reservationWaitlist.offerExpiresAt, sql`clock_timestamp()`),
          ),
        )
        .returning({ id: reservationWaitlist.id });
      if (gone.length > 0) await offerFreedPlaces(tx, slot.storeId, slot.serviceId, slot.startsAt);
      return gone.length;
    });
  }
  return { expired };
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
  const held = await reservationService(db, storeId, found.serviceId);
  if (!held) throw new ApiError("WAITLIST_OFFER_EXPIRED");
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await lockDay(tx as unknown as Database, held, found.day);
        const entry = await entryByToken(tx, storeId, token, true);
        if (entry.status === "booked") return entryView(tx, storeId, entry, locale);
        // The hold is judged by the database's clock read now, under the day's lock: the clock seat
        // counts judge live offers by, so a place counted free after its hold is never also taken here.
        const [hold] = await tx
          .select({ live: sql<boolean>`${reservationWaitlist.offerExpiresAt} > clock_timestamp()` })
          .from(reservationWaitlist)
          .where(and(eq(reservationWaitlist.storeId, storeId), eq(reservationWaitlist.id, entry.id)));
        if (entry.status !== "offered" || !hold?.live) throw new ApiError("WAITLIST_OFFER_EXPIRED");
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
