import type { Account } from "../auth/sessions.ts";
import { bookingRulesOf } from "../bookings/settings.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import { daySlotsFor, workdays } from "./availability.ts";
import { cancelByToken, myReservations, reservationByToken, reservationCalendar } from "./manage.ts";
import { reserve } from "./reserve.ts";
import { activeServices, checkPartySize, offeredService, serviceAnswer } from "./services.ts";

/** Reservations: services, days with room, a day's slots, reserve, see and cancel by link. */
export function reservationRoutes(
  route: Route<Account>,
  _staffRoute: Route<StaffAccount>,
  deps: OrderFlowDeps,
): void {
  const { db } = deps;
  route("reservableServices", async ({ ctx }) => {
    const [services, rules] = await Promise.all([
      activeServices(db, ctx.store.id),
      bookingRulesOf(db, ctx.store.id),
    ]);
    return {
      services: services.map((service) => serviceAnswer(service, ctx.locale)),
      timezone: rules.timezone,
      horizonDays: rules.horizonDays,
    };
  });
  route("reservationWorkdays", async ({ ctx, query }) => {
    const [service, rules] = await Promise.all([
      offeredService(db, ctx.store.id, query.serviceId),
      bookingRulesOf(db, ctx.store.id),
    ]);
    const partySize = query.partySize ?? service.partyMin;
    checkPartySize(service, partySize);
    return workdays(db, service, rules, { from: query.from, to: query.to, partySize }, new Date());
  });
  route("reservationTimeslots", async ({ ctx, query }) => {
    const [service, rules] = await Promise.all([
      offeredService(db, ctx.store.id, query.serviceId),
      bookingRulesOf(db, ctx.store.id),
    ]);
    checkPartySize(service, query.partySize);
    return {
      serviceId: service.id,
      date: query.date,
      partySize: query.partySize,
      timezone: rules.timezone,
      slots: await daySlotsFor(db, service, rules, query.date, query.partySize, new Date()),
    };
  });
  route("reserve", async ({ ctx, body }) => reserve(deps, ctx, body));
  route("reservationByToken", async ({ ctx, body }) => reservationByToken(db, ctx, body.token));
  route("cancelReservation", async ({ ctx, body }) => cancelByToken(db, ctx, body.token));
  route("reservationCalendar", async ({ ctx, body }) => reservationCalendar(db, ctx, body.token));
  route("myReservations", async ({ ctx, account }) => myReservations(db, ctx, account.customer.id));
}
