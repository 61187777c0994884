import { z } from "zod";
import { creditCardSchema } from "../payments/card.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema, idTextSchema } from "../platform/ids.ts";
import { paginatedSchema, paginationQuerySchema } from "../platform/pagination-schemas.ts";
import {
  APPOINTMENT_EMAIL_MAX,
  APPOINTMENT_NAME_MAX,
  APPOINTMENT_NOTE_MAX,
  APPOINTMENT_PHONE_MAX,
  APPOINTMENT_REASON_MAX,
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  MANAGE_TOKEN_PATTERN,
} from "./constants.ts";

/* Wire shapes of bookings (issue 35): a service performed by a resource at `/appointment`. */

/** A day in the shop's time zone, `YYYY-MM-DD`. */
const localDateSchema = z.iso.date({ message: FIELD_ERROR_KEYS.invalid });
/** An instant, as an ISO 8601 date-time with its offset ("2026-12-05T09:00:00.000Z"). */
const instantSchema = z.iso.datetime({ offset: true, message: FIELD_ERROR_KEYS.invalid });

/** A weekday's opening, minutes after local midnight, 0 = Sunday (the shop's own zone). */
export const weeklyHoursSchema = z.array(
  z.object({ weekday: z.number().int(), opens: z.number().int(), closes: z.number().int() }),
);

/** A service as shoppers see it, in their language. Money in minor units of `currency`. */
export const bookingServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  price: z.number().int(),
  /** Paid by card when booking; 0 when none is asked. */
  deposit: z.number().int(),
  currency: z.string(),
  /** The resources that perform it. */
  resourceIds: z.array(z.number().int()),
});
export type BookingService = z.infer<typeof bookingServiceSchema>;

/** The shop's booking rules a shopper needs to see, and the zone every time is in. */
export const bookingRulesSchema = z.object({
  timezone: z.string(),
  leadMinutes: z.number().int(),
  horizonDays: z.number().int(),
  cancelWindowMinutes: z.number().int(),
  slotStepMinutes: z.number().int(),
});
export type BookingRulesView = z.infer<typeof bookingRulesSchema>;

export const bookingServiceListSchema = z.object({
  services: z.array(bookingServiceSchema),
  rules: bookingRulesSchema,
});
export type BookingServiceList = z.infer<typeof bookingServiceListSchema>;

/** A fitting bay, a designer: who performs services, with weekly hours in the shop's zone. */
export const bookingResourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  hours: weeklyHoursSchema,
  serviceIds: z.array(z.number().int()),
});
export type BookingResource = z.infer<typeof bookingResourceSchema>;

export const bookingResourceListQuerySchema = z.object({
  /** Only the resources that perform this service. */
  serviceId: idTextSchema.optional(),
});
export const bookingResourceListSchema = z.object({ resources: z.array(bookingResourceSchema) });
export type BookingResourceList = z.infer<typeof bookingResourceListSchema>;

/** Local days `from`..`to` (both included) in the shop's zone. */
const dayRangeShape = { from: localDateSchema, to: localDateSchema };

export const bookingExceptionListQuerySchema = z.object({
  ...dayRangeShape,
  resourceId: idTextSchema.optional(),
});
/** A holiday or a resource away (`closed`), or an extra opening (`open`); no resource: the whole shop. */
export const bookingExceptionSchema = z.object({
  id: z.number().int(),
  resourceId: z.number().int().nullable(),
  kind: z.enum(["closed", "open"]),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
});
export type BookingException = z.infer<typeof bookingExceptionSchema>;
export const bookingExceptionListSchema = z.object({ exceptions: z.array(bookingExceptionSchema) });
export type BookingExceptionList = z.infer<typeof bookingExceptionListSchema>;

export const bookingTimeslotListQuerySchema = z.object({
  serviceId: idTextSchema,
  /** One resource's times; every resource performing the service when absent ("any"). */
  resourceId: idTextSchema.optional(),
  ...dayRangeShape,
});
/** A bookable start: the instant, its local wall clock ("09:30"), and the resources free for it. */
export const bookingTimeslotSchema = z.object({
  startsAt: z.string(),
  localTime: z.string(),
  resourceIds: z.array(z.number().int()),
});
export type BookingTimeslot = z.infer<typeof bookingTimeslotSchema>;
/** Every local day of the range: a day with no times has no room. */
export const bookingTimeslotListSchema = z.object({
  timezone: z.string(),
  days: z.array(z.object({ date: z.string(), times: z.array(bookingTimeslotSchema) })),
});
export type BookingTimeslotList = z.infer<typeof bookingTimeslotListSchema>;

export const bookingResourceAvailableBodySchema = z.object({
  serviceId: idSchema,
  startsAt: instantSchema,
});
export const bookingResourceAvailableSchema = z.object({
  resources: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type BookingResourceAvailable = z.infer<typeof bookingResourceAvailableSchema>;

/** A booking as its shopper sees it; times as instants and as the shop's local date and time. */
export const bookingSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  source: z.enum(APPOINTMENT_SOURCES),
  serviceId: z.number().int(),
  serviceName: z.string(),
  resourceId: z.number().int(),
  resourceName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The shop's zone, and the start's local date and time in it. */
  timezone: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  note: z.string(),
  price: z.number().int(),
  deposit: z.number().int(),
  depositStatus: z.enum(["none", "pending", "paid", "failed", "refunded"]),
  currency: z.string(),
  /** Grows with each reschedule: an update names the version it was made from. */
  version: z.number().int(),
  cancelledBy: z.enum(["customer", "staff", "payment"]).nullable(),
  /** Until when it may be moved or cancelled online (the shop's cancellation window); later, call. */
  changeableUntil: z.string(),
  /** Whether it may be moved or cancelled online now. */
  changeable: z.boolean(),
  /** The calendar file's UID: stable across reschedules, so a calendar updates the event. */
  calendarUid: z.string(),
  storeName: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

const nameSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .min(1, FIELD_ERROR_KEYS.required)
  .max(APPOINTMENT_NAME_MAX, FIELD_ERROR_KEYS.tooLong);
const phoneSchema = z
  .string()
  .trim()
  .max(APPOINTMENT_PHONE_MAX, FIELD_ERROR_KEYS.tooLong)
  .regex(/^[+\d\s()-]{4,30}$/, FIELD_ERROR_KEYS.phoneFormat);
const emailSchema = z
  .string()
  .trim()
  .max(APPOINTMENT_EMAIL_MAX, FIELD_ERROR_KEYS.tooLong)
  .pipe(z.email(FIELD_ERROR_KEYS.emailFormat));

/**
 * `POST booking/`: a guest or a signed-in shopper books a service at a start, with a resource or
 * any free one. A service with a deposit takes a card (the test provider's typed card).
 */
export const bookingCreateBodySchema = z.object({
  serviceId: idSchema,
  resourceId: idSchema.nullable().default(null),
  startsAt: instantSchema,
  name: nameSchema,
  phone: phoneSchema,
  email: emailSchema,
  note: z.string().trim().max(APPOINTMENT_NOTE_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
  credit_card: creditCardSchema.nullable().default(null),
});
export type BookingCreateBody = z.input<typeof bookingCreateBodySchema>;
export type BookingCreateRequest = z.output<typeof bookingCreateBodySchema>;

/** What a booking made answers: the booking and its manage link's token (which is kept only hashed). */
export const bookingCreatedSchema = z.object({ booking: bookingSchema, manageToken: z.string() });
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

export const bookingIdParamsSchema = z.object({ id: idTextSchema });

/** A reschedule: the new start and/or resource, and the version it was made from. */
export const bookingUpdateBodySchema = z.object({
  version: z.number().int().positive(),
  startsAt: instantSchema,
  /** Another resource; the booking's own when absent. */
  resourceId: idSchema.nullable().default(null),
});
export type BookingUpdateBody = z.input<typeof bookingUpdateBodySchema>;

export const bookingCancelBodySchema = z.object({
  reason: z.string().trim().max(APPOINTMENT_REASON_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
});

export const bookingListQuerySchema = paginationQuerySchema(20, 100);
export const bookingListBodySchema = z.object({
  /** Upcoming first by start, or past ones newest first. */
  when: z.enum(["upcoming", "past"]).default("upcoming"),
});
export const bookingListSchema = paginatedSchema(bookingSchema);
export type BookingList = z.infer<typeof bookingListSchema>;

/** The manage link's token, for a guest (or anyone holding the link) to see, move or cancel. */
const manageTokenSchema = z.string().regex(MANAGE_TOKEN_PATTERN, FIELD_ERROR_KEYS.invalid);
export const bookingManageBodySchema = z.object({ token: manageTokenSchema });
export const bookingManageUpdateBodySchema = bookingUpdateBodySchema.extend({ token: manageTokenSchema });
export const bookingManageCancelBodySchema = bookingCancelBodySchema.extend({ token: manageTokenSchema });
