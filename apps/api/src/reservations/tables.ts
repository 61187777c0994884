import type { AppointmentSource, AppointmentStatus, CapacityUnit, Localizations } from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
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
 * Reservations (docs/decisions/066-reservations-and-bookings.md): a table for a party in one of the
 * shop's reservable services ("Dinner", "Lunch"). A slot's capacity is counted over each party's
 * whole stay, under the row lock of the service's day (`reservation_days`), so two processes
 * selling the last seats at once seat no more than there are.
 */

/**
 * A reservable service: on its weekdays, slots start every `slot_every_minutes` from `first_slot`
 * to `last_slot` (minutes after local midnight, in the shop's zone); a party stays `stay_minutes`;
 * at any moment the parties present may hold at most `capacity` covers (or tables of `table_seats`).
 */
export const reservationServices = pgTable(
  "reservation_services",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    descriptionLocalizations: jsonb("description_localizations").$type<Localizations>().notNull().default({}),
    /** 0 = Sunday. */
    weekdays: integer("weekdays").array().notNull(),
    firstSlot: integer("first_slot").notNull(),
    lastSlot: integer("last_slot").notNull(),
    slotEveryMinutes: integer("slot_every_minutes").notNull().default(30),
    stayMinutes: integer("stay_minutes").notNull().default(120),
    capacity: integer("capacity").notNull(),
    capacityUnit: text("capacity_unit").$type<CapacityUnit>().notNull().default("covers"),
    /** With `tables`: the seats of one table; a party takes ceil(party / table_seats) tables. */
    tableSeats: integer("table_seats").notNull().default(4),
    partyMin: integer("party_min").notNull().default(1),
    partyMax: integer("party_max").notNull().default(8),
    active: boolean("active").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    check("reservation_services_capacity_check", sql`${t.capacity} >= 0 AND ${t.tableSeats} > 0`),
    check(
      "reservation_services_slots_check",
      sql`${t.slotEveryMinutes} > 0 AND ${t.stayMinutes} > 0 AND ${t.lastSlot} >= ${t.firstSlot}`,
    ),
    check("reservation_services_party_check", sql`${t.partyMin} >= 1 AND ${t.partyMax} >= ${t.partyMin}`),
  ],
);
export type ReservationServiceRow = typeof reservationServices.$inferSelect;

/** A day a service does not run (`capacity` null), or runs with another capacity; no service: every service. */
export const reservationExceptions = pgTable(
  "reservation_exceptions",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    serviceId: integer("service_id"),
    day: date("day", { mode: "string" }).notNull(),
    capacity: integer("capacity"),
    reason: text("reason").notNull().default(""),
    createdBy: integer("created_by"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("reservation_exceptions_day_idx").on(t.storeId, t.day),
  ],
);
export type ReservationExceptionRow = typeof reservationExceptions.$inferSelect;

/**
 * One row per service and local day that has been reserved: the lock every seat-taking change of
 * that day takes (`SELECT … FOR UPDATE`) before it counts what is held. Made on first use by
 * `INSERT … ON CONFLICT DO NOTHING`. A stay never runs past the next day's first slot, so a day's
 * lock covers every party present on it.
 */
export const reservationDays = pgTable(
  "reservation_days",
  {
    storeId: integer("store_id").notNull(),
    serviceId: integer("service_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    version: integer("version").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.serviceId, t.day] })],
);

/** A party's reservation. */
export const reservations = pgTable(
  "reservations",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    code: text("code").notNull(),
    serviceId: integer("service_id").notNull(),
    customerId: integer("customer_id"),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    note: text("note").notNull().default(""),
    language: text("language").notNull().default("en"),
    partySize: integer("party_size").notNull(),
    /** What the party takes of the slot's capacity: covers, or tables. */
    seatsTaken: integer("seats_taken").notNull(),
    /** The shop's local date it starts on: the day whose lock it is counted under. */
    day: date("day", { mode: "string" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status").$type<AppointmentStatus>().notNull().default("confirmed"),
    source: text("source").$type<AppointmentSource>().notNull().default("online"),
    manageTokenHash: text("manage_token_hash").notNull(),
    idempotencyKey: text("idempotency_key"),
    requestDigest: text("request_digest"),
    /** Why staff seated it over capacity or outside the slots: kept. */
    overrideReason: text("override_reason"),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by").$type<"customer" | "staff">(),
    cancelReason: text("cancel_reason"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("reservations_code_uq").on(t.storeId, t.code),
    uniqueIndex("reservations_manage_token_uq").on(t.manageTokenHash),
    uniqueIndex("reservations_idempotency_uq")
      .on(t.storeId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    // Counting a day's seats and the diary: a service's reservations of a day.
    index("reservations_day_idx").on(t.storeId, t.serviceId, t.day),
    index("reservations_customer_idx").on(t.storeId, t.customerId, t.startsAt),
    index("reservations_reminder_idx")
      .on(t.startsAt)
      .where(sql`status = 'confirmed' AND reminder_sent_at IS NULL`),
    check(
      "reservations_status_check",
      sql`${t.status} IN ('pending', 'confirmed', 'arrived', 'noShow', 'cancelled', 'completed')`,
    ),
    check("reservations_party_check", sql`${t.partySize} >= 1 AND ${t.seatsTaken} >= 1`),
  ],
);
export type ReservationRow = typeof reservations.$inferSelect;

/**
 * The waitlist of a full reservation slot: when seats free up, the first in line that fits is
 * offered them for the shop's hold minutes (`offered`), then the next.
 */
export const reservationWaitlist = pgTable(
  "reservation_waitlist",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    serviceId: integer("service_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    partySize: integer("party_size").notNull(),
    customerId: integer("customer_id"),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    language: text("language").notNull().default("en"),
    status: text("status")
      .$type<"waiting" | "offered" | "booked" | "expired" | "cancelled">()
      .notNull()
      .default("waiting"),
    /** SHA-256 of the token the offer's link carries. */
    offerTokenHash: text("offer_token_hash"),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    reservationId: integer("reservation_id"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("reservation_waitlist_slot_idx").on(t.storeId, t.serviceId, t.startsAt, t.id),
    index("reservation_waitlist_offers_idx").on(t.offerExpiresAt).where(sql`status = 'offered'`),
    uniqueIndex("reservation_waitlist_offer_uq").on(t.offerTokenHash),
  ],
);
export type ReservationWaitlistRow = typeof reservationWaitlist.$inferSelect;
