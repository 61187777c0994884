/*
 * Reservations and bookings (issue 35, docs/decisions/066-reservations-and-bookings.md): a table for
 * a party at `/reserve`, a service with a resource at `/appointment`, both in the shop's own time
 * zone and never sold twice.
 */

/** Where a reservation or a booking stands. `pending`: a booking whose deposit is being paid holds its time. */
export const APPOINTMENT_STATUSES = [
  "pending",
  "confirmed",
  "arrived",
  "noShow",
  "cancelled",
  "completed",
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** The states that hold a slot's seats or a resource's time. */
export const HOLDING_STATUSES = [
  "pending",
  "confirmed",
  "arrived",
] as const satisfies readonly AppointmentStatus[];

/** How a reservation or a booking was made. */
export const APPOINTMENT_SOURCES = ["online", "phone", "walkIn"] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/** How a reservable service counts what a slot holds: guests (covers), or tables of `tableSeats`. */
export const CAPACITY_UNITS = ["covers", "tables"] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];

/** Name, phone, email and note a shopper types. */
export const APPOINTMENT_NAME_MAX = 80;
export const APPOINTMENT_PHONE_MAX = 30;
export const APPOINTMENT_EMAIL_MAX = 254;
export const APPOINTMENT_NOTE_MAX = 500;
/** Why staff moved a party onto a full slot, or cancelled: kept with it. */
export const APPOINTMENT_REASON_MAX = 200;

/** The largest party one reservation takes, whatever a service allows. */
export const PARTY_SIZE_MAX = 50;

/**
 * A reservation's or booking's short code, as staff read it over the phone: six characters of an
 * alphabet without look-alikes (no 0/O, 1/I/L), after a letter saying which it is ("R-7K3QXM",
 * "B-…"). Short codes are for reading out, never for opening: the manage link carries its own token.
 */
export const APPOINTMENT_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const APPOINTMENT_CODE_LENGTH = 6;

/**
 * The unguessable token of a manage link (`/reserve/manage/<token>`, `/appointment/manage/<token>`):
 * 43 base64url characters (256 bits). Only its SHA-256 is kept; checked for shape before the database.
 */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Store settings' defaults (`booking_settings`). */
export const DEFAULT_BOOKING_SETTINGS = {
  /** The soonest one may book ahead of the start, in minutes. */
  leadMinutes: 120,
  /** How many days ahead the calendar opens. */
  horizonDays: 60,
  /** Online cancellation (and rescheduling) closes this many minutes before the start: later, call the shop. */
  cancelWindowMinutes: 24 * 60,
  /** Send a reminder the day before. */
  reminders: true,
  /** How long a freed place is held for the first on the waitlist before the next is offered it. */
  waitlistHoldMinutes: 15,
  /** The grid bookable times of a service fall on (minutes after the resource's opening). */
  slotStepMinutes: 15,
} as const;

/** The bounds staff may set them within. */
export const BOOKING_SETTINGS_LIMITS = {
  leadMinutes: { min: 0, max: 14 * 24 * 60 },
  horizonDays: { min: 1, max: 365 },
  cancelWindowMinutes: { min: 0, max: 14 * 24 * 60 },
  waitlistHoldMinutes: { min: 2, max: 24 * 60 },
  slotStepMinutes: { min: 5, max: 240 },
} as const;

/** The most days `workday/search` and `timeslot/list` answer at once. */
export const CALENDAR_RANGE_DAYS_MAX = 62;
/** How many next free times a "that time was just taken" answer offers. */
export const NEXT_FREE_TIMES = 3;
/** The reminder goes out this many hours before the start ("the day before"). */
export const REMINDER_HOURS_BEFORE = 24;

/** A weekday's opening of a resource or a service: minutes after local midnight, 0 = Sunday. */
export type WeeklyHours = { weekday: number; opens: number; closes: number }[];
