import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import {
  bookingResourceSaveBodySchema,
  bookingResourceSetupSchema,
  bookingServiceSaveBodySchema,
  bookingServiceSetupSchema,
  bookingSettingsSetupSchema,
  bookingSetupSchema,
  diaryBodySchema,
  diaryCancelBodySchema,
  diaryCreateBodySchema,
  diaryDetailSchema,
  diaryEntryRefSchema,
  diaryExceptionAddBodySchema,
  diaryExceptionAddedSchema,
  diaryExceptionListSchema,
  diaryExceptionRemoveBodySchema,
  diaryMarkBodySchema,
  diaryMoveBodySchema,
  diarySchema,
  reservationServiceSaveBodySchema,
  reservationServiceSetupSchema,
  waitlistEntrySchema,
  waitlistJoinBodySchema,
  waitlistOfferBodySchema,
} from "./schemas.ts";

const diaryCall = { tag: "Staff: diary", auth: true, staff: true, permission: "bookings" } as const;
const setupCall = { tag: "Staff: diary", auth: true, staff: true, permission: "settings" } as const;

/** The staff console's diary of reservations and bookings, and their settings. */
export const staffDiaryEndpoints = {
  staffDiary: {
    ...diaryCall,
    method: "post",
    path: "/api/staff/diary",
    summary:
      "The reservations and bookings of a local day or of the week from it, with each customer's no-show count",
    body: diaryBodySchema,
    data: diarySchema,
  },
  staffDiaryDetail: {
    ...diaryCall,
    method: "post",
    path: "/api/staff/diary/detail",
    summary: "One reservation or booking, with a booking's history and the resources it may move to",
    body: diaryEntryRefSchema,
    data: diaryDetailSchema,
  },
  staffDiaryCreate: {
    ...diaryCall,
    method: "post",
    path: "/api/staff/diary/create",
    summary:
      "Take a reservation or booking for a caller or a walk-in: no lead time; a full slot or a time outside the hours only with a reason, kept",
    body: diaryCreateBodySchema,
    data: diaryDetailSchema,
  },
  staffDiaryMark: {
    ...diaryCall,
    method: "post",
    path: "/api/staff/diary/mark",
    summary: "Mark a reservation or booking arrived, or a no-show",
    body: diaryMarkBodySchema,
    data: diaryDetailSchema,
  },
  staffDiaryMove: {
    ...diaryCall,
    method: "post",
    path: "/api/staff/diary/move",
    summary:
      "Move one to a new start (a booking also to another resource); onto a full slot or outside the hours only with a reason, kept. The shopper is told",
    body: diaryMoveBodySchema,
    data: diaryDetailSchema,
  },
  staffDiaryCancel: {
    ...diaryCall,
    method: "post",
    path: "/api/staff/diary/cancel",
    summary: "Cancel one with a reason; the shopper is told, and the freed seats go to the waitlist",
    body: diaryCancelBodySchema,
    data: diaryDetailSchema,
  },
  staffDiaryExceptions: {
    ...diaryCall,
    method: "post",
    path: "/api/staff/diary/exceptions",
    summary:
      "The exceptions to the hours from today on: closed days and capacities, resources away, extra openings",
    data: diaryExceptionListSchema,
  },
  staffDiaryExceptionAdd: {
    ...diaryCall,
    method: "post",
    path: "/api/staff/diary/exceptions/add",
    summary: "Add an exception; answers the reservations and bookings already inside it, for staff to handle",
    body: diaryExceptionAddBodySchema,
    data: diaryExceptionAddedSchema,
  },
  staffDiaryExceptionRemove: {
    ...diaryCall,
    method: "post",
    path: "/api/staff/diary/exceptions/remove",
    summary: "Remove an exception",
    body: diaryExceptionRemoveBodySchema,
    data: diaryExceptionListSchema,
  },
  staffBookingSetup: {
    ...setupCall,
    method: "post",
    path: "/api/staff/booking-setup",
    summary:
      "The shop's reservable services, bookable services, resources with their hours, and booking rules",
    data: bookingSetupSchema,
  },
  staffReservationServiceSave: {
    ...setupCall,
    method: "post",
    path: "/api/staff/booking-setup/reservation-service",
    summary: "Create or edit a reservable service: its weekdays, slots, stay, capacity and party sizes",
    body: reservationServiceSaveBodySchema,
    data: reservationServiceSetupSchema,
  },
  staffBookingServiceSave: {
    ...setupCall,
    method: "post",
    path: "/api/staff/booking-setup/service",
    summary: "Create or edit a bookable service: duration, buffer, price, deposit",
    body: bookingServiceSaveBodySchema,
    data: bookingServiceSetupSchema,
  },
  staffBookingResourceSave: {
    ...setupCall,
    method: "post",
    path: "/api/staff/booking-setup/resource",
    summary: "Create or edit a resource: its weekly hours and the services it performs",
    body: bookingResourceSaveBodySchema,
    data: bookingResourceSetupSchema,
  },
  staffBookingSettingsSave: {
    ...setupCall,
    method: "post",
    path: "/api/staff/booking-setup/settings",
    summary:
      "The shop's booking rules: lead time, horizon, cancellation window, reminders, waitlist hold, slot step",
    body: bookingSettingsSetupSchema,
    data: bookingSettingsSetupSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

/** The waitlist of a full reservation slot, for shoppers. */
export const waitlistEndpoints = {
  waitlistJoin: {
    method: "post",
    path: "/store-reservation/waitlist/join",
    summary: "Wait for a place at a full slot: when one frees up, the first in line that fits is offered it",
    tag: "Reservations",
    body: waitlistJoinBodySchema,
    data: waitlistEntrySchema,
  },
  waitlistOffer: {
    method: "post",
    path: "/store-reservation/waitlist/offer",
    summary: "The offer an offer link carries: the slot, the party, and until when it is held",
    tag: "Reservations",
    body: waitlistOfferBodySchema,
    data: waitlistEntrySchema,
  },
  waitlistAccept: {
    method: "post",
    path: "/store-reservation/waitlist/accept",
    summary: "Take the place offered while it is held: it becomes a reservation",
    tag: "Reservations",
    body: waitlistOfferBodySchema,
    data: waitlistEntrySchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
