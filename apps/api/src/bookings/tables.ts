import type { AppointmentSource, AppointmentStatus, Localizations, WeeklyHours } from "@stoa/contract";
import { DEFAULT_BOOKING_SETTINGS } from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";
import { stores } from "../stores/tables.ts";

/*
 * Bookings (docs/decisions/066-reservations-and-bookings.md): services performed by resources (a
 * fitting bay, a designer), each resource with its own weekly hours and exceptions, and bookings
 * that can never overlap on one resource — the database refuses it (`bookings_no_overlap`, an
 * exclusion constraint over the time a booking blocks, its buffer included).
 */

/**
 * The shop's rules for reservations and bookings alike. One row per store; a store without one
 * runs on DEFAULT_BOOKING_SETTINGS, whose lead time is never zero by accident.
 */
export const bookingSettings = pgTable("booking_settings", {
  storeId: integer("store_id")
    .primaryKey()
    .references(() => stores.id),
  leadMinutes: integer("lead_minutes").notNull().default(DEFAULT_BOOKING_SETTINGS.leadMinutes),
  horizonDays: integer("horizon_days").notNull().default(DEFAULT_BOOKING_SETTINGS.horizonDays),
  cancelWindowMinutes: integer("cancel_window_minutes")
    .notNull()
    .default(DEFAULT_BOOKING_SETTINGS.cancelWindowMinutes),
  reminders: boolean("reminders").notNull().default(DEFAULT_BOOKING_SETTINGS.reminders),
  waitlistHoldMinutes: integer("waitlist_hold_minutes")
    .notNull()
    .default(DEFAULT_BOOKING_SETTINGS.waitlistHoldMinutes),
  slotStepMinutes: integer("slot_step_minutes").notNull().default(DEFAULT_BOOKING_SETTINGS.slotStepMinutes),
  ...timestamps,
});
export type BookingSettingsRow = typeof bookingSettings.$inferSelect;

/** What a shopper books: "Tyre fitting", 45 minutes, 15 minutes to clear the bay after. */
export const bookingServices = pgTable(
  "booking_services",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    descriptionLocalizations: jsonb("description_localizations").$type<Localizations>().notNull().default({}),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Time the resource stays blocked after the service (cleaning, setting up): never bookable. */
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    /** The price shown, in minor units; paid at the shop. */
    price: integer("price").notNull().default(0),
    /** Paid by card when booking, in minor units; 0 when the service asks for none. */
    deposit: integer("deposit").notNull().default(0),
    active: boolean("active").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    check("booking_services_duration_check", sql`${t.durationMinutes} > 0 AND ${t.bufferMinutes} >= 0`),
  ],
);
export type BookingServiceRow = typeof bookingServices.$inferSelect;

/** Who or what performs services: "Bay 1", "Lea (designer)", with its own weekly hours in the shop's zone. */
export const bookingResources = pgTable(
  "booking_resources",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    descriptionLocalizations: jsonb("description_localizations").$type<Localizations>().notNull().default({}),
    hours: jsonb("hours").$type<WeeklyHours>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);
export type BookingResourceRow = typeof bookingResources.$inferSelect;

/** Which resource performs which service. */
export const bookingResourceServices = pgTable(
  "booking_resource_services",
  {
    storeId: integer("store_id").notNull(),
    resourceId: integer("resource_id").notNull(),
    serviceId: integer("service_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.resourceId, t.serviceId] }),
    index("booking_resource_services_service_idx").on(t.storeId, t.serviceId),
  ],
);

/**
 * A change to the weekly hours: a holiday or a resource away (`closed`), or an extra opening
 * (`open`). No resource: the whole shop.
 */
export const bookingExceptions = pgTable(
  "booking_exceptions",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    resourceId: integer("resource_id"),
    kind: text("kind").$type<"closed" | "open">().notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason").notNull().default(""),
    createdBy: integer("created_by"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("booking_exceptions_time_idx").on(t.storeId, t.endsAt),
    check("booking_exceptions_kind_check", sql`${t.kind} IN ('closed', 'open')`),
    check("booking_exceptions_range_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
export type BookingExceptionRow = typeof bookingExceptions.$inferSelect;

/**
 * A booking of a service with a resource. `blocked_until` is its end plus the service's buffer:
 * the exclusion constraint `bookings_no_overlap` (hand-written in migration 0050) refuses two
 * holding bookings of one resource whose [starts_at, blocked_until) overlap. A reschedule updates
 * the row in place, so there is never a moment holding both times or neither, and raises
 * `version`: a reschedule made from an older version is refused (RESCHEDULE_STALE).
 */
export const bookings = pgTable(
  "bookings",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    code: text("code").notNull(),
    serviceId: integer("service_id").notNull(),
    resourceId: integer("resource_id").notNull(),
    customerId: integer("customer_id"),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    note: text("note").notNull().default(""),
    language: text("language").notNull().default("en"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    status: text("status").$type<AppointmentStatus>().notNull().default("confirmed"),
    source: text("source").$type<AppointmentSource>().notNull().default("online"),
    version: integer("version").notNull().default(1),
    /** SHA-256 of the manage link's token. */
    manageTokenHash: text("manage_token_hash").notNull(),
    /** The Idempotency-Key it was made with, and a digest of the request, for a repeat to answer it again. */
    idempotencyKey: text("idempotency_key"),
    requestDigest: text("request_digest"),
    currency: text("currency").notNull(),
    price: integer("price").notNull().default(0),
    deposit: integer("deposit").notNull().default(0),
    depositStatus: text("deposit_status")
      .$type<"none" | "pending" | "paid" | "failed" | "refunded">()
      .notNull()
      .default("none"),
    /** The provider's reference of the deposit's payment, to refund it. */
    depositPaymentRef: text("deposit_payment_ref"),
    /** Why staff booked over hours or an exception: kept. */
    overrideReason: text("override_reason"),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by").$type<"customer" | "staff" | "payment">(),
    cancelReason: text("cancel_reason"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("bookings_code_uq").on(t.storeId, t.code),
    uniqueIndex("bookings_manage_token_uq").on(t.manageTokenHash),
    uniqueIndex("bookings_idempotency_uq")
      .on(t.storeId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    // The diary and free times: a resource's bookings by time.
    index("bookings_resource_time_idx").on(t.storeId, t.resourceId, t.startsAt),
    index("bookings_customer_idx").on(t.storeId, t.customerId, t.startsAt),
    // The reminder sweeper: confirmed bookings still to remind, by start.
    index("bookings_reminder_idx")
      .on(t.startsAt)
      .where(sql`status = 'confirmed' AND reminder_sent_at IS NULL`),
    check(
      "bookings_status_check",
      sql`${t.status} IN ('pending', 'confirmed', 'arrived', 'noShow', 'cancelled', 'completed')`,
    ),
    check("bookings_range_check", sql`${t.endsAt} > ${t.startsAt} AND ${t.blockedUntil} >= ${t.endsAt}`),
  ],
);
export type BookingRow = typeof bookings.$inferSelect;

/** What happened to a booking: made, moved (from → to), cancelled, arrived, no-show; by whom and why. */
export const bookingHistory = pgTable(
  "booking_history",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    bookingId: integer("booking_id").notNull(),
    action: text("action").notNull(),
    fromStartsAt: timestamp("from_starts_at", { withTimezone: true }),
    fromResourceId: integer("from_resource_id"),
    toStartsAt: timestamp("to_starts_at", { withTimezone: true }),
    toResourceId: integer("to_resource_id"),
    /** The version the change made. */
    version: integer("version").notNull(),
    staffId: integer("staff_id"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("booking_history_booking_idx").on(t.storeId, t.bookingId, t.id),
  ],
);
