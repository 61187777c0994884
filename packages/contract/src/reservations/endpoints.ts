import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import {
  manageTokenBodySchema,
  myReservationsSchema,
  reservableServicesSchema,
  reservationCalendarSchema,
  reservationSchema,
  reserveBodySchema,
  reservedSchema,
  timeslotSearchQuerySchema,
  timeslotsSchema,
  workdaySearchQuerySchema,
  workdaysSchema,
} from "./schemas.ts";

const call = { tag: "Reservations" } as const;

/** Spec §7 "Reservations": a table for a party at `/reserve`, and its manage link. */
export const reservationEndpoints = {
  reservableServices: {
    ...call,
    method: "post",
    path: "/store-service/list",
    summary: "The shop's reservable services (Dinner, Lunch): party sizes, stay, how capacity is counted",
    data: reservableServicesSchema,
  },
  reservationWorkdays: {
    ...call,
    method: "get",
    path: "/store-reservation/workday/search",
    summary:
      "The days from `from` to `to` (the shop's local dates) the service runs, each saying whether a slot still takes the party; closed days, closing exceptions and days past the horizon are left out",
    query: workdaySearchQuerySchema,
    data: workdaysSchema,
  },
  reservationTimeslots: {
    ...call,
    method: "get",
    path: "/store-reservation/timeslot/search",
    summary:
      "A day's start times in the shop's zone, each with what is left for the party over its whole stay, or full",
    query: timeslotSearchQuerySchema,
    data: timeslotsSchema,
  },
  reserve: {
    ...call,
    method: "post",
    path: "/store-reservation/reserve/create",
    summary:
      "Reserve a slot for a party, as a guest or signed in (then it is the customer's): a confirmed reservation with its code and manage link token; the same Idempotency-Key answers the same reservation",
    idempotent: true,
    body: reserveBodySchema,
    data: reservedSchema,
  },
  reservationByToken: {
    ...call,
    method: "post",
    path: "/store-reservation/manage/view",
    summary: "The reservation a manage link opens",
    body: manageTokenBodySchema,
    data: reservationSchema,
  },
  cancelReservation: {
    ...call,
    method: "post",
    path: "/store-reservation/manage/cancel",
    summary: "Cancel by the manage link, until the shop's cancellation window closes",
    body: manageTokenBodySchema,
    data: reservationSchema,
  },
  reservationCalendar: {
    ...call,
    method: "post",
    path: "/store-reservation/manage/calendar",
    summary: "The reservation's .ics file for a calendar",
    body: manageTokenBodySchema,
    data: reservationCalendarSchema,
  },
  myReservations: {
    ...call,
    method: "get",
    path: "/store-reservation/mine",
    summary: "The signed-in customer's reservations, the coming first",
    auth: true,
    data: myReservationsSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
