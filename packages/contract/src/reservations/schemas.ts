import { z } from "zod";
import { emailSchema } from "../account/schemas.ts";
import {
  APPOINTMENT_NAME_MAX,
  APPOINTMENT_NOTE_MAX,
  APPOINTMENT_PHONE_MAX,
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  CAPACITY_UNITS,
  MANAGE_TOKEN_PATTERN,
  PARTY_SIZE_MAX,
} from "../bookings/constants.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema, idTextSchema } from "../platform/ids.ts";

/* Wire shapes of reservations (issue 35): a table for a party at `/reserve`. */

/** A local date of the shop's calendar, "2026-12-24". */
export const localDateSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, FIELD_ERROR_KEYS.invalid)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), FIELD_ERROR_KEYS.invalid);

const partySizeSchema = z.number().int().min(1).max(PARTY_SIZE_MAX);
const partySizeTextSchema = z.coerce.number().int().min(1).max(PARTY_SIZE_MAX);

/** A reservable service as shoppers see it, in their language. */
export const reservableServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  partyMin: z.number().int(),
  partyMax: z.number().int(),
  stayMinutes: z.number().int(),
  capacityUnit: z.enum(CAPACITY_UNITS),
  /** 0 = Sunday. */
  weekdays: z.array(z.number().int()),
});
export type ReservableService = z.infer<typeof reservableServiceSchema>;

export const reservableServicesSchema = z.object({
  services: z.array(reservableServiceSchema),
  /** The shop's IANA zone: every date and time of its calendar is read there. */
  timezone: z.string(),
  horizonDays: z.number().int(),
});
export type ReservableServices = z.infer<typeof reservableServicesSchema>;

export const workdaySearchQuerySchema = z.object({
  serviceId: idTextSchema,
  from: localDateSchema,
  to: localDateSchema,
  /** Whether the days have room for a party this large; 1 when absent. */
  partySize: partySizeTextSchema.optional(),
});

/**
 * A day the service runs within the range, today to the horizon: closed weekdays and closing
 * exceptions are left out; `hasRoom` says whether any of its slots still takes the party.
 */
export const workdaySchema = z.object({ date: z.string(), hasRoom: z.boolean() });
export const workdaysSchema = z.object({ timezone: z.string(), days: z.array(workdaySchema) });
export type Workdays = z.infer<typeof workdaysSchema>;

export const timeslotSearchQuerySchema = z.object({
  serviceId: idTextSchema,
  date: localDateSchema,
  partySize: partySizeTextSchema,
});

/**
 * One start time of a day: its instant, the shop's wall clock at it ("19:30", already right on a
 * daylight-saving day), what is left of its capacity at the tightest moment of the party's stay,
 * and whether the party can be seated (`full`: not enough left; `tooSoon`: inside the lead time).
 */
export const timeslotSchema = z.object({
  start: z.string(),
  localTime: z.string(),
  seatsLeft: z.number().int(),
  available: z.boolean(),
  reason: z.enum(["full", "tooSoon"]).nullable(),
});
export type Timeslot = z.infer<typeof timeslotSchema>;

export const timeslotsSchema = z.object({
  serviceId: z.number().int(),
  date: z.string(),
  partySize: z.number().int(),
  timezone: z.string(),
  slots: z.array(timeslotSchema),
});
export type Timeslots = z.infer<typeof timeslotsSchema>;

const trimmedText = (max: number) => z.string().trim().max(max, FIELD_ERROR_KEYS.invalid);

/** What a shopper types to reserve; `start` is an instant the day's slots answered. */
export const reserveBodySchema = z.object({
  serviceId: idSchema,
  date: localDateSchema,
  start: z.iso.datetime({ offset: true, error: FIELD_ERROR_KEYS.invalid }),
  partySize: partySizeSchema,
  name: z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(APPOINTMENT_NAME_MAX),
  phone: z
    .string(FIELD_ERROR_KEYS.required)
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(APPOINTMENT_PHONE_MAX)
    .regex(/^\+?[\d\s()-]{4,}$/, FIELD_ERROR_KEYS.phoneFormat),
  email: emailSchema,
  note: trimmedText(APPOINTMENT_NOTE_MAX).default(""),
});
export type ReserveBody = z.input<typeof reserveBodySchema>;

/** A reservation as its guest sees it (by its manage link, or in their account). */
export const reservationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  source: z.enum(APPOINTMENT_SOURCES),
  serviceId: z.number().int(),
  serviceName: z.string(),
  storeName: z.string(),
  partySize: z.number().int(),
  /** The shop's local date and wall clock of the start, and its zone. */
  date: z.string(),
  localTime: z.string(),
  timezone: z.string(),
  start: z.string(),
  end: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  note: z.string(),
  /** Whether it can still be cancelled online, and until when (the shop's cancellation window). */
  cancellable: z.boolean(),
  cancelUntil: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** A new reservation, with the token of its manage link (shown once: only its hash is kept). */
export const reservedSchema = z.object({ reservation: reservationSchema, manageToken: z.string() });
export type Reserved = z.infer<typeof reservedSchema>;

export const manageTokenBodySchema = z.object({
  token: z.string(FIELD_ERROR_KEYS.required).regex(MANAGE_TOKEN_PATTERN, FIELD_ERROR_KEYS.invalid),
});

/** The "add to calendar" file of a reservation. */
export const reservationCalendarSchema = z.object({ fileName: z.string(), ics: z.string() });

export const myReservationsSchema = z.object({ reservations: z.array(reservationSchema) });
