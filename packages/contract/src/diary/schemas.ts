import { z } from "zod";
import {
  APPOINTMENT_EMAIL_MAX,
  APPOINTMENT_NAME_MAX,
  APPOINTMENT_NOTE_MAX,
  APPOINTMENT_PHONE_MAX,
  APPOINTMENT_REASON_MAX,
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  BOOKING_SETTINGS_LIMITS,
  CAPACITY_UNITS,
  PARTY_SIZE_MAX,
} from "../bookings/constants.ts";
import { localizationsSchema } from "../catalogue/schemas.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idSchema } from "../platform/ids.ts";

/*
 * The staff console's diary (issue 35): the reservations and bookings of a day or a week, what staff
 * do to one (arrived, no-show, move, cancel), the exceptions to the hours, and the setup of services,
 * resources and the shop's booking rules.
 */

/** Which of the two a diary entry is. */
export const DIARY_KINDS = ["reservation", "booking"] as const;
export type DiaryKind = (typeof DIARY_KINDS)[number];
/** How many days the diary answers: a day, or a week from the day asked. */
export const DIARY_VIEWS = ["day", "week"] as const;
export type DiaryView = (typeof DIARY_VIEWS)[number];
/** Where staff set an entry when the party comes, or does not. */
export const DIARY_MARKS = ["arrived", "noShow"] as const;

const minuteOfDay = z
  .number(FIELD_ERROR_KEYS.invalid)
  .int(FIELD_ERROR_KEYS.invalid)
  .min(0, FIELD_ERROR_KEYS.tooSmall)
  .max(24 * 60, FIELD_ERROR_KEYS.tooLarge);
const minutes = (min: number, max: number) =>
  z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(min, FIELD_ERROR_KEYS.tooSmall)
    .max(max, FIELD_ERROR_KEYS.tooLarge);
const reasonSchema = z.string().trim().max(APPOINTMENT_REASON_MAX, FIELD_ERROR_KEYS.tooLong);

/** One reservation or booking as the diary shows it. */
export const diaryEntrySchema = z.object({
  kind: z.enum(DIARY_KINDS),
  id: z.number().int(),
  code: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  /** The resource performing a booking; null for a reservation. */
  resourceId: z.number().int().nullable(),
  resourceName: z.string().nullable(),
  /** The party of a reservation; null for a booking. */
  partySize: z.number().int().nullable(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  note: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  source: z.enum(APPOINTMENT_SOURCES),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** How often this customer (by account, else by email or phone) did not come, at this shop. */
  noShows: z.number().int(),
  overrideReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type DiaryEntry = z.infer<typeof diaryEntrySchema>;

export const diaryBodySchema = z.object({
  /** The shop's local date the diary starts on; today when left out. */
  date: z.iso.date().nullable().default(null),
  view: z.enum(DIARY_VIEWS).default("day"),
});
export type DiaryBodyInput = z.input<typeof diaryBodySchema>;

const namedSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export const diarySchema = z.object({
  /** The shop's zone, where the diary's days and times are read. */
  timezone: z.string(),
  date: z.iso.date(),
  view: z.enum(DIARY_VIEWS),
  /** The local dates shown, in order. */
  days: z.array(z.iso.date()),
  reservationServices: z.array(namedSchema),
  bookingServices: z.array(namedSchema),
  resources: z.array(namedSchema),
  /** Every entry starting on the days shown, by start. */
  entries: z.array(diaryEntrySchema),
});
export type Diary = z.infer<typeof diarySchema>;

export const diaryEntryRefSchema = z.object({ kind: z.enum(DIARY_KINDS), id: idSchema });
export type DiaryEntryRef = z.infer<typeof diaryEntryRefSchema>;

/** A change a booking went through, as its history keeps it. */
export const diaryHistorySchema = z.object({
  action: z.string(),
  fromStartsAt: z.iso.datetime().nullable(),
  toStartsAt: z.iso.datetime().nullable(),
  fromResourceId: z.number().int().nullable(),
  toResourceId: z.number().int().nullable(),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
export const diaryDetailSchema = z.object({
  entry: diaryEntrySchema,
  timezone: z.string(),
  /** A booking's history, oldest first; empty for a reservation. */
  history: z.array(diaryHistorySchema),
  /** The resources that perform the booking's service (where it may be moved); empty for a reservation. */
  resources: z.array(namedSchema),
  /** A booking's version as this answer saw it, sent back with a move (null for a reservation). */
  version: z.number().int().nullable(),
});
export type DiaryDetail = z.infer<typeof diaryDetailSchema>;

const callerSchema = {
  startsAt: z.iso.datetime({ offset: true, error: FIELD_ERROR_KEYS.invalid }),
  name: z
    .string()
    .trim()
    .min(1, FIELD_ERROR_KEYS.required)
    .max(APPOINTMENT_NAME_MAX, FIELD_ERROR_KEYS.tooLong),
  phone: z.string().trim().max(APPOINTMENT_PHONE_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
  email: z
    .union([z.literal(""), z.email(FIELD_ERROR_KEYS.emailFormat).max(APPOINTMENT_EMAIL_MAX)])
    .default(""),
  note: z.string().trim().max(APPOINTMENT_NOTE_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
  /** A call, or someone at the counter. */
  source: z.enum(["phone", "walkIn"]).default("phone"),
  /** Why a full slot, a closed day or a time outside the hours is taken anyway: kept. */
  overrideReason: reasonSchema.default(""),
};
/** Staff take a reservation or a booking for a caller or a walk-in. */
export const diaryCreateBodySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("reservation"),
    serviceId: idSchema,
    partySize: z
      .number(FIELD_ERROR_KEYS.invalid)
      .int(FIELD_ERROR_KEYS.invalid)
      .min(1, FIELD_ERROR_KEYS.tooSmall)
      .max(PARTY_SIZE_MAX, FIELD_ERROR_KEYS.tooLarge),
    ...callerSchema,
  }),
  z.object({
    kind: z.literal("booking"),
    serviceId: idSchema,
    /** Null: the first free resource that performs the service. */
    resourceId: idSchema.nullable().default(null),
    ...callerSchema,
  }),
]);
export type DiaryCreateBodyInput = z.input<typeof diaryCreateBodySchema>;

export const diaryMarkBodySchema = diaryEntryRefSchema.extend({ status: z.enum(DIARY_MARKS) });

/**
 * Move an entry to a new start (and a booking to another resource). Onto a full slot, outside the
 * hours or into an exception only with a reason, which is kept; a resource already booked then
 * stays refused — the database never holds two bookings of one resource at once.
 */
export const diaryMoveBodySchema = diaryEntryRefSchema.extend({
  startsAt: z.iso.datetime({ offset: true }),
  resourceId: idSchema.nullable().default(null),
  overrideReason: reasonSchema.default(""),
  /**
   * The booking's version the page showed: a move made from an older one (the shopper moved it
   * since) is RESCHEDULE_STALE, never a silent overwrite. Null for a reservation.
   */
  version: z.number().int().positive().nullable().default(null),
});
export type DiaryMoveBodyInput = z.input<typeof diaryMoveBodySchema>;

export const diaryCancelBodySchema = diaryEntryRefSchema.extend({
  reason: reasonSchema.min(1, FIELD_ERROR_KEYS.required),
});

/** A day a reservable service does not run (capacity null) or runs with another capacity. */
export const diaryDayExceptionSchema = z.object({
  kind: z.literal("reservation"),
  id: z.number().int(),
  /** Null: every reservable service. */
  serviceId: z.number().int().nullable(),
  day: z.iso.date(),
  capacity: z.number().int().nullable(),
  reason: z.string(),
});
/** Closed hours (a holiday, a resource away) or an extra opening of the bookings' resources. */
export const diaryHoursExceptionSchema = z.object({
  kind: z.literal("booking"),
  id: z.number().int(),
  /** Null: every resource. */
  resourceId: z.number().int().nullable(),
  type: z.enum(["closed", "open"]),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  reason: z.string(),
});
export const diaryExceptionSchema = z.discriminatedUnion("kind", [
  diaryDayExceptionSchema,
  diaryHoursExceptionSchema,
]);
export type DiaryException = z.infer<typeof diaryExceptionSchema>;
export const diaryExceptionListSchema = z.object({
  timezone: z.string(),
  exceptions: z.array(diaryExceptionSchema),
});

export const diaryExceptionAddBodySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("reservation"),
    serviceId: idSchema.nullable().default(null),
    day: z.iso.date(FIELD_ERROR_KEYS.invalid),
    capacity: z.number().int().min(0, FIELD_ERROR_KEYS.tooSmall).max(100_000).nullable().default(null),
    reason: reasonSchema.default(""),
  }),
  z
    .object({
      kind: z.literal("booking"),
      resourceId: idSchema.nullable().default(null),
      type: z.enum(["closed", "open"]).default("closed"),
      startsAt: z.iso.datetime({ offset: true, error: FIELD_ERROR_KEYS.invalid }),
      endsAt: z.iso.datetime({ offset: true, error: FIELD_ERROR_KEYS.invalid }),
      reason: reasonSchema.default(""),
    })
    .refine((e) => Date.parse(e.endsAt) > Date.parse(e.startsAt), {
      path: ["endsAt"],
      message: FIELD_ERROR_KEYS.invalid,
    }),
]);
export type DiaryExceptionAddBodyInput = z.input<typeof diaryExceptionAddBodySchema>;
/** The exception made, and the entries already inside it for staff to move, cancel or keep. */
export const diaryExceptionAddedSchema = z.object({
  exception: diaryExceptionSchema,
  affected: z.array(diaryEntrySchema),
});
export const diaryExceptionRemoveBodySchema = z.object({ kind: z.enum(DIARY_KINDS), id: idSchema });

/** A weekday's opening: minutes after the shop's local midnight, 0 = Sunday. */
export const weeklyHoursEditSchema = z
  .array(
    z
      .object({ weekday: z.number().int().min(0).max(6), opens: minuteOfDay, closes: minuteOfDay })
      .refine((h) => h.closes > h.opens, { path: ["closes"], message: FIELD_ERROR_KEYS.invalid }),
  )
  .max(21);

const nameLocalizationsSchema = localizationsSchema.refine((names) => Boolean(names.en?.trim()), {
  message: FIELD_ERROR_KEYS.required,
});

export const reservationServiceSetupSchema = z.object({
  id: z.number().int(),
  nameLocalizations: localizationsSchema,
  descriptionLocalizations: localizationsSchema,
  weekdays: z.array(z.number().int()),
  firstSlot: z.number().int(),
  lastSlot: z.number().int(),
  slotEveryMinutes: z.number().int(),
  stayMinutes: z.number().int(),
  capacity: z.number().int(),
  capacityUnit: z.enum(CAPACITY_UNITS),
  tableSeats: z.number().int(),
  partyMin: z.number().int(),
  partyMax: z.number().int(),
  active: z.boolean(),
});
export type ReservationServiceSetup = z.infer<typeof reservationServiceSetupSchema>;
export const reservationServiceSaveBodySchema = z
  .object({
    id: idSchema.nullable().default(null),
    nameLocalizations: nameLocalizationsSchema,
    descriptionLocalizations: localizationsSchema.default({}),
    weekdays: z.array(z.number().int().min(0).max(6)).max(7),
    firstSlot: minuteOfDay,
    lastSlot: minuteOfDay,
    slotEveryMinutes: minutes(5, 240),
    stayMinutes: minutes(15, 12 * 60),
    capacity: z.number().int().min(0, FIELD_ERROR_KEYS.tooSmall).max(100_000, FIELD_ERROR_KEYS.tooLarge),
    capacityUnit: z.enum(CAPACITY_UNITS).default("covers"),
    tableSeats: z.number().int().min(1, FIELD_ERROR_KEYS.tooSmall).max(PARTY_SIZE_MAX).default(4),
    partyMin: z
      .number()
      .int()
      .min(1, FIELD_ERROR_KEYS.tooSmall)
      .max(PARTY_SIZE_MAX, FIELD_ERROR_KEYS.tooLarge),
    partyMax: z
      .number()
      .int()
      .min(1, FIELD_ERROR_KEYS.tooSmall)
      .max(PARTY_SIZE_MAX, FIELD_ERROR_KEYS.tooLarge),
    active: z.boolean().default(true),
  })
  .refine((s) => s.lastSlot >= s.firstSlot, { path: ["lastSlot"], message: FIELD_ERROR_KEYS.minAboveMax })
  .refine((s) => s.partyMax >= s.partyMin, { path: ["partyMax"], message: FIELD_ERROR_KEYS.minAboveMax });
export type ReservationServiceSaveBodyInput = z.input<typeof reservationServiceSaveBodySchema>;

export const bookingServiceSetupSchema = z.object({
  id: z.number().int(),
  nameLocalizations: localizationsSchema,
  descriptionLocalizations: localizationsSchema,
  durationMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  price: z.number().int(),
  deposit: z.number().int(),
  active: z.boolean(),
});
export type BookingServiceSetup = z.infer<typeof bookingServiceSetupSchema>;
export const bookingServiceSaveBodySchema = z.object({
  id: idSchema.nullable().default(null),
  nameLocalizations: nameLocalizationsSchema,
  descriptionLocalizations: localizationsSchema.default({}),
  durationMinutes: minutes(5, 12 * 60),
  bufferMinutes: minutes(0, 4 * 60).default(0),
  price: z.number().int().min(0, FIELD_ERROR_KEYS.tooSmall).max(100_000_000).default(0),
  deposit: z.number().int().min(0, FIELD_ERROR_KEYS.tooSmall).max(100_000_000).default(0),
  active: z.boolean().default(true),
});
export type BookingServiceSaveBodyInput = z.input<typeof bookingServiceSaveBodySchema>;

export const bookingResourceSetupSchema = z.object({
  id: z.number().int(),
  nameLocalizations: localizationsSchema,
  hours: weeklyHoursEditSchema,
  serviceIds: z.array(z.number().int()),
  active: z.boolean(),
});
export type BookingResourceSetup = z.infer<typeof bookingResourceSetupSchema>;
export const bookingResourceSaveBodySchema = z.object({
  id: idSchema.nullable().default(null),
  nameLocalizations: nameLocalizationsSchema,
  hours: weeklyHoursEditSchema,
  /** The services it performs; each must be one of the shop's. */
  serviceIds: z.array(idSchema).max(200).default([]),
  active: z.boolean().default(true),
});
export type BookingResourceSaveBodyInput = z.input<typeof bookingResourceSaveBodySchema>;

const limited = (key: keyof typeof BOOKING_SETTINGS_LIMITS) =>
  minutes(BOOKING_SETTINGS_LIMITS[key].min, BOOKING_SETTINGS_LIMITS[key].max);
export const bookingSettingsSetupSchema = z.object({
  leadMinutes: limited("leadMinutes"),
  horizonDays: limited("horizonDays"),
  cancelWindowMinutes: limited("cancelWindowMinutes"),
  reminders: z.boolean(),
  waitlistHoldMinutes: limited("waitlistHoldMinutes"),
  slotStepMinutes: limited("slotStepMinutes"),
});
export type BookingSettingsSetup = z.infer<typeof bookingSettingsSetupSchema>;

/** Everything the booking setup page edits. */
export const bookingSetupSchema = z.object({
  currency: z.string(),
  timezone: z.string(),
  settings: bookingSettingsSetupSchema,
  reservationServices: z.array(reservationServiceSetupSchema),
  bookingServices: z.array(bookingServiceSetupSchema),
  resources: z.array(bookingResourceSetupSchema),
});
export type BookingSetup = z.infer<typeof bookingSetupSchema>;

/** A place on the waitlist of a full reservation slot. */
export const waitlistJoinBodySchema = z
  .object({
    serviceId: idSchema,
    startsAt: z.iso.datetime({ offset: true, error: FIELD_ERROR_KEYS.invalid }),
    partySize: z
      .number(FIELD_ERROR_KEYS.invalid)
      .int(FIELD_ERROR_KEYS.invalid)
      .min(1, FIELD_ERROR_KEYS.tooSmall)
      .max(PARTY_SIZE_MAX, FIELD_ERROR_KEYS.tooLarge),
    name: z
      .string()
      .trim()
      .min(1, FIELD_ERROR_KEYS.required)
      .max(APPOINTMENT_NAME_MAX, FIELD_ERROR_KEYS.tooLong),
    email: z
      .union([z.literal(""), z.email(FIELD_ERROR_KEYS.emailFormat).max(APPOINTMENT_EMAIL_MAX)])
      .default(""),
    phone: z.string().trim().max(APPOINTMENT_PHONE_MAX, FIELD_ERROR_KEYS.tooLong).default(""),
  })
  .refine((w) => w.email !== "" || w.phone !== "", { path: ["email"], message: FIELD_ERROR_KEYS.required });
export type WaitlistJoinBodyInput = z.input<typeof waitlistJoinBodySchema>;
export const waitlistEntrySchema = z.object({
  serviceName: z.string(),
  startsAt: z.iso.datetime(),
  timezone: z.string(),
  partySize: z.number().int(),
  status: z.enum(["waiting", "offered", "booked", "expired", "cancelled"]),
  /** While offered: when the hold ends. */
  offerExpiresAt: z.iso.datetime().nullable(),
  /** Once accepted: the reservation's code. */
  reservationCode: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistOfferBodySchema = z.object({ token: z.string().min(1).max(100) });
