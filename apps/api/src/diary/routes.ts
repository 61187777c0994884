import type { Account } from "../auth/sessions.ts";
import { type ThrottleRule, throttle } from "../auth/throttle.ts";
import { cancelBooking, moveBooking } from "../bookings/change.ts";
import {
  addBookingException,
  bookingEntry,
  bookingSetupOf,
  markBooking,
  removeBookingException,
  saveBookingResource,
  saveBookingService,
  saveBookingSettings,
} from "../bookings/staff-diary.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Route } from "../platform/http/route.ts";
import {
  addReservationException,
  cancelReservation,
  markReservation,
  moveReservation,
  removeReservationException,
  reservationServicesSetup,
  saveReservationService,
} from "../reservations/staff-diary.ts";
import { acceptWaitlistOffer, joinWaitlist, waitlistOffer } from "../reservations/waitlist.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import { diaryDetail, diaryOf, toEntries } from "./diary.ts";
import { diaryExceptions } from "./exceptions.ts";
import { bookingShopOf, takeForCaller } from "./take.ts";

/** Waitlist calls from one address: a shopper joins once or twice and opens an offer a few times; a guesser is slowed down. */
const WAITLIST_PER_IP: ThrottleRule = { limit: 30, windowSeconds: 60 };

/** The console's diary of reservations and bookings, their settings, hours and exceptions; the waitlist. */
export function diaryRoutes(
  route: Route<Account>,
  staffRoute: Route<StaffAccount>,
  deps: OrderFlowDeps,
): void {
  const { db, payments } = deps;
  const actorOf = (storeId: number, account: StaffAccount) => ({ storeId, staffId: account.member.id });

  staffRoute("staffDiary", ({ ctx, body }) => diaryOf(db, ctx.store.id, ctx.locale, body.date, body.view));
  staffRoute("staffDiaryDetail", ({ ctx, body }) =>
    diaryDetail(db, ctx.store.id, ctx.locale, body.kind, body.id),
  );
  staffRoute("staffDiaryCreate", async ({ ctx, body, account }) => {
    const made = await takeForCaller(deps, ctx, account.member.id, body);
    return diaryDetail(db, ctx.store.id, ctx.locale, made.kind, made.id);
  });
  staffRoute("staffDiaryMark", async ({ ctx, body, account }) => {
    const actor = actorOf(ctx.store.id, account);
    if (body.kind === "reservation") await markReservation(db, actor, body.id, body.status);
    else await markBooking(db, actor, body.id, body.status);
    return diaryDetail(db, ctx.store.id, ctx.locale, body.kind, body.id);
  });
  staffRoute("staffDiaryMove", async ({ ctx, body, account }) => {
    const actor = actorOf(ctx.store.id, account);
    const startsAt = new Date(body.startsAt);
    if (body.kind === "reservation") await moveReservation(db, actor, body.id, startsAt, body.overrideReason);
    else {
      // From the version the staff's page showed; a caller that names none moves it as it stands.
      const version = body.version ?? (await bookingEntry(db, ctx.store.id, body.id, ctx.locale)).version;
      await moveBooking(
        db,
        await bookingShopOf(deps, ctx),
        body.id,
        { version, startsAt, resourceId: body.resourceId },
        { by: "staff", staffId: actor.staffId, overrideReason: body.overrideReason },
      );
    }
    return diaryDetail(db, ctx.store.id, ctx.locale, body.kind, body.id);
  });
  staffRoute("staffDiaryCancel", async ({ ctx, body, account }) => {
    const actor = actorOf(ctx.store.id, account);
    if (body.kind === "reservation") await cancelReservation(db, actor, body.id, body.reason);
    else
      await cancelBooking(
        db,
        payments,
        await bookingShopOf(deps, ctx),
        body.id,
        { by: "staff", staffId: actor.staffId },
        body.reason,
      );
    return diaryDetail(db, ctx.store.id, ctx.locale, body.kind, body.id);
  });

  staffRoute("staffDiaryExceptions", ({ ctx }) => diaryExceptions(db, ctx.store.id));
  staffRoute("staffDiaryExceptionAdd", async ({ ctx, body, account }) => {
    const actor = actorOf(ctx.store.id, account);
    if (body.kind === "reservation") {
      const { kind: _kind, ...exception } = body;
      const made = await addReservationException(db, actor, exception, ctx.locale);
      return {
        exception: {
          kind: "reservation" as const,
          id: made.exception.id,
          serviceId: made.exception.serviceId,
          day: made.exception.day,
          capacity: made.exception.capacity,
          reason: made.exception.reason,
        },
        affected: await toEntries(db, ctx.store.id, made.affected, []),
      };
    }
    const made = await addBookingException(
      db,
      actor,
      {
        resourceId: body.resourceId,
        kind: body.type,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
        reason: body.reason,
      },
      ctx.locale,
    );
    return {
      exception: {
        kind: "booking" as const,
        id: made.exception.id,
        resourceId: made.exception.resourceId,
        type: made.exception.kind,
        startsAt: made.exception.startsAt.toISOString(),
        endsAt: made.exception.endsAt.toISOString(),
        reason: made.exception.reason,
      },
      affected: await toEntries(db, ctx.store.id, [], made.affected),
    };
  });
  staffRoute("staffDiaryExceptionRemove", async ({ ctx, body, account }) => {
    const actor = actorOf(ctx.store.id, account);
    if (body.kind === "reservation") await removeReservationException(db, actor, body.id);
    else await removeBookingException(db, actor, body.id);
    return diaryExceptions(db, ctx.store.id);
  });

  staffRoute("staffBookingSetup", async ({ ctx }) => {
    const [bookingSetup, reservationServices] = await Promise.all([
      bookingSetupOf(db, ctx.store.id),
      reservationServicesSetup(db, ctx.store.id),
    ]);
    return { currency: ctx.store.currency, ...bookingSetup, reservationServices };
  });
  staffRoute("staffReservationServiceSave", ({ ctx, body, account }) =>
    saveReservationService(db, actorOf(ctx.store.id, account), body),
  );
  staffRoute("staffBookingServiceSave", ({ ctx, body, account }) =>
    saveBookingService(db, actorOf(ctx.store.id, account), body),
  );
  staffRoute("staffBookingResourceSave", ({ ctx, body, account }) =>
    saveBookingResource(db, actorOf(ctx.store.id, account), body),
  );
  staffRoute("staffBookingSettingsSave", ({ ctx, body, account }) =>
    saveBookingSettings(db, actorOf(ctx.store.id, account), body),
  );

  route("waitlistJoin", async ({ ctx, body }) => {
    await throttle(db, `waitlist:ip:${ctx.caller.ip}`, WAITLIST_PER_IP);
    return joinWaitlist(db, ctx.store.id, ctx.locale, null, body);
  });
  route("waitlistOffer", async ({ ctx, body }) => {
    await throttle(db, `waitlist:ip:${ctx.caller.ip}`, WAITLIST_PER_IP);
    return waitlistOffer(db, ctx.store.id, ctx.locale, body.token);
  });
  route("waitlistAccept", async ({ ctx, body }) => {
    await throttle(db, `waitlist:ip:${ctx.caller.ip}`, WAITLIST_PER_IP);
    return acceptWaitlistOffer(db, ctx.store.id, ctx.locale, body.token);
  });
}
