import type { Localizations } from "@stoa/contract";
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

/**
 * A store's delivery settings before it sets any: it delivers to the door, unscheduled, and takes
 * orders at any hour (decision 034: hours it never set must not turn its shoppers away). The
 * columns' defaults are these, so a row saved without hours means what no row means.
 */
export const DEFAULT_DELIVERY_SETTINGS = {
  offersDelivery: true,
  scheduled: false,
  timezone: "UTC",
  daysAhead: 3,
  windowMinutes: 120,
  opensAt: 0,
  closesAt: 24 * 60,
  openDays: [0, 1, 2, 3, 4, 5, 6],
  cutoffMinutes: 60,
  capacity: 8,
  windowOpensAt: null,
  windowClosesAt: null,
  windowDays: null,
} as const satisfies Record<string, unknown>;

/**
 * How a store delivers: whether it delivers to the door at all, and when it does so in booked
 * windows, how those windows are laid out. Times of day are minutes after local midnight in
 * `timezone`. One row per store.
 */
export const deliverySettings = pgTable("delivery_settings", {
  storeId: integer("store_id")
    .primaryKey()
    .references(() => stores.id),
  offersDelivery: boolean("offers_delivery").notNull().default(DEFAULT_DELIVERY_SETTINGS.offersDelivery),
  /** true: a delivery order books one window of the schedule. */
  scheduled: boolean("scheduled").notNull().default(DEFAULT_DELIVERY_SETTINGS.scheduled),
  timezone: text("timezone").notNull().default(DEFAULT_DELIVERY_SETTINGS.timezone),
  /** How many days, today included, the schedule offers. */
  daysAhead: integer("days_ahead").notNull().default(DEFAULT_DELIVERY_SETTINGS.daysAhead),
  windowMinutes: integer("window_minutes").notNull().default(DEFAULT_DELIVERY_SETTINGS.windowMinutes),
  opensAt: integer("opens_at").notNull().default(DEFAULT_DELIVERY_SETTINGS.opensAt),
  closesAt: integer("closes_at").notNull().default(DEFAULT_DELIVERY_SETTINGS.closesAt),
  /** Days of the week with deliveries, 0 = Sunday. */
  openDays: integer("open_days")
    .array()
    .notNull()
    .default(sql.raw(`'{${DEFAULT_DELIVERY_SETTINGS.openDays.join(",")}}'`)),
  /**
   * The hours of the booked windows, when the shop sets them apart from its opening hours (decision
   * 056): the first window starts at `windowOpensAt`, the last ends by `windowClosesAt`, on
   * `windowDays`. null: the windows follow the opening hours, as they did before there were these.
   */
  windowOpensAt: integer("window_opens_at"),
  windowClosesAt: integer("window_closes_at"),
  windowDays: integer("window_days").array(),
  /** A window can be booked until this many minutes before it starts. */
  cutoffMinutes: integer("cutoff_minutes").notNull().default(DEFAULT_DELIVERY_SETTINGS.cutoffMinutes),
  /** Orders one window takes. */
  capacity: integer("capacity").notNull().default(DEFAULT_DELIVERY_SETTINGS.capacity),
  ...timestamps,
});

export type DeliverySettingsRow = typeof deliverySettings.$inferSelect;

/**
 * How many orders hold each window: a row appears with the first booking and is counted up and
 * down by single conditional statements, so a window never takes more than its capacity.
 */
export const deliveryWindowLoads = pgTable(
  "delivery_window_loads",
  {
    storeId: integer("store_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    booked: integer("booked").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.startsAt] }),
    check("delivery_window_loads_not_negative", sql`${t.booked} >= 0`),
  ],
);

/** The window an order holds; released (not deleted) when the order is cancelled or fails. */
export const deliveryBookings = pgTable(
  "delivery_bookings",
  {
    storeId: integer("store_id").notNull(),
    orderId: integer("order_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.orderId] })],
);

/** A way of sending an order by post (`storeDeliveryByPost`): its price and how long it takes. */
export const postOptions = pgTable(
  "post_options",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    /** Stable name within the store, so re-seeding finds the row. */
    slug: text("slug").notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    /** Minor units. */
    price: integer("price").notNull(),
    daysMin: integer("days_min").notNull(),
    daysMax: integer("days_max").notNull(),
    sort: integer("sort").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("post_options_store_sort_idx").on(t.storeId, t.sort, t.id),
    uniqueIndex("post_options_store_slug_uq").on(t.storeId, t.slug),
  ],
);

/** A place where a shopper collects a pickup order. */
export const pickupPoints = pgTable(
  "pickup_points",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    slug: text("slug").notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    addressLocalizations: jsonb("address_localizations").$type<Localizations>().notNull(),
    sort: integer("sort").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("pickup_points_store_sort_idx").on(t.storeId, t.sort, t.id),
    uniqueIndex("pickup_points_store_slug_uq").on(t.storeId, t.slug),
  ],
);

export type PostOptionRow = typeof postOptions.$inferSelect;
export type PickupPointRow = typeof pickupPoints.$inferSelect;
