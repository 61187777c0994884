import { calendarFile, type Locale, localized, type Reservation } from "@stoa/contract";
import { and, desc, eq } from "drizzle-orm";
import { throttle } from "../auth/throttle.ts";
import { manageTokenLookup } from "../bookings/codes.ts";
import { type BookingRules, bookingRulesOf } from "../bookings/settings.ts";
import { enqueueComposed } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { lockDay } from "./capacity.ts";
import { reservationEmail } from "./messages.ts";
import { calendarLink, manageLink } from "./seating.ts";
import {
  type ReservationRow,
  type ReservationServiceRow,
  reservationServices,
  reservations,
} from "./tables.ts";
import { cancelUntil, reservationAnswer } from "./view.ts";
import { offerFreedPlaces } from "./waitlist.ts";

/*
 * A reservation's manage link (`/reserve/manage/<token>`): see it, cancel it until the shop's
 * window closes, get its calendar file. Opening links is throttled per client address, since a
 * token is the only key.
 */

/** Manage-link openings per client address: plenty for a guest, nothing for guessing 256-bit tokens. */
const MANAGE_PER_IP = { limit: 120, windowSeconds: 60 * 60 };

type Opened = { row: ReservationRow; service: ReservationServiceRow; rules: BookingRules };

/** The reservation of the store a token opens, or APPOINTMENT_LINK_INVALID (another shop's, too). */
async function openByToken(db: Database, ctx: RequestContext, token: string): Promise<Opened> {
  await throttle(db, `reservation-manage:ip:${ctx.caller.ip}`, MANAGE_PER_IP);
  const hash = manageTokenLookup(token);
  if (!hash) throw new ApiError("APPOINTMENT_LINK_INVALID");
  const [found] = await db
    .select({ row: reservations, service: reservationServices })
    .from(reservations)
    .innerJoin(
      reservationServices,
      and(
        eq(reservationServices.storeId, reservations.storeId),
        eq(reservationServices.id, reservations.serviceId),
      ),
    )
    .where(and(eq(reservations.storeId, ctx.store.id), eq(reservations.manageTokenHash, hash)));
  if (!found) throw new ApiError("APPOINTMENT_LINK_INVALID");
  return { ...found, rules: await bookingRulesOf(db, ctx.store.id) };
}

export async function reservationByToken(
  db: Database,
  ctx: RequestContext,
  token: string,
): Promise<Reservation> {
  const { row, service, rules } = await openByToken(db, ctx, token);
  return reservationAnswer(row, service, ctx.store, rules, ctx.locale, new Date());
}

/**
 * Cancels by the manage link: APPOINTMENT_NOT_ACTIVE once it is cancelled (or over), and
 * CANCEL_WINDOW_PASSED inside the shop's window (then the guest calls the shop). The guest is
 * emailed the cancellation.
 */
export async function cancelByToken(db: Database, ctx: RequestContext, token: string): Promise<Reservation> {
  const { row, service, rules } = await openByToken(db, ctx, token);
  const now = new Date();
  if (row.status !== "confirmed") throw new ApiError("APPOINTMENT_NOT_ACTIVE");
  if (now.getTime() >= cancelUntil(row, rules).getTime()) throw new ApiError("CANCEL_WINDOW_PASSED");
  const cancelled = await db.transaction(async (tx) => {
    // The day's lock first, as every change of the day's seats takes it, then the row.
    await lockDay(tx as unknown as Database, service, row.day);
    const [updated] = await tx
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: "customer", updatedAt: now })
      .where(
        and(
          eq(reservations.storeId, row.storeId),
          eq(reservations.id, row.id),
          eq(reservations.status, "confirmed"),
        ),
      )
      .returning();
    if (!updated) throw new ApiError("APPOINTMENT_NOT_ACTIVE");
    const language = updated.language as Locale;
    if (updated.email)
      await enqueueComposed(
        tx,
        updated.storeId,
        reservationEmail(
          updated.email,
          {
            kind: "cancelled",
            storeName: localized(ctx.store.nameLocalizations, language),
            serviceName: localized(service.nameLocalizations, language),
            code: updated.code,
            partySize: updated.partySize,
            startsAt: updated.startsAt,
            timezone: rules.timezone,
            manageLink: manageLink(ctx.storefrontOrigin, token),
            calendarLink: calendarLink(ctx.storefrontOrigin, token),
          },
          language,
        ),
      );
    // The seats freed go to the first on the slot's waitlist whose party fits, for the shop's hold.
    await offerFreedPlaces(tx, updated.storeId, updated.serviceId, updated.startsAt);
    return updated;
  });
  return reservationAnswer(cancelled, service, ctx.store, rules, ctx.locale, now);
}

/** The reservation's `.ics`: one event in UTC with the manage link; a cancelled one says so. */
export async function reservationCalendar(db: Database, ctx: RequestContext, token: string) {
  const { row, service } = await openByToken(db, ctx, token);
  const storeName = localized(ctx.store.nameLocalizations, ctx.locale);
  const serviceName = localized(service.nameLocalizations, ctx.locale);
  const ics = calendarFile({
    uid: `reservation-${row.storeId}-${row.id}@${ctx.store.domain}`,
    sequence: Math.floor(row.updatedAt.getTime() / 1000),
    title: `${storeName}: ${serviceName} (${row.partySize})`,
    description: row.code,
    location: storeName,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    url: manageLink(ctx.storefrontOrigin, token),
    stamp: new Date(),
    cancelled: row.status === "cancelled",
  });
  return { fileName: `${row.code}.ics`, ics };
}

/** The signed-in customer's reservations of this store, the latest start first. */
export async function myReservations(db: Database, ctx: RequestContext, customerId: number) {
  const [rows, rules] = await Promise.all([
    db
      .select({ row: reservations, service: reservationServices })
      .from(reservations)
      .innerJoin(
        reservationServices,
        and(
          eq(reservationServices.storeId, reservations.storeId),
          eq(reservationServices.id, reservations.serviceId),
        ),
      )
      .where(and(eq(reservations.storeId, ctx.store.id), eq(reservations.customerId, customerId)))
      .orderBy(desc(reservations.startsAt))
      .limit(100),
    bookingRulesOf(db, ctx.store.id),
  ]);
  const now = new Date();
  return {
    reservations: rows.map(({ row, service }) =>
      reservationAnswer(row, service, ctx.store, rules, ctx.locale, now),
    ),
  };
}
