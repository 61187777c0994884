import type { ShippingInfo } from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
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
 * A shopper of one store. Email and phone are unique per store among verified owners only: an
 * unverified registration never blocks (or reveals) the real owner of an address.
 */
export const customers = pgTable(
  "customers",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    kind: text("kind").$type<"customer" | "guest">().notNull(),
    email: text("email"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    countryCode: text("country_code"),
    phone: text("phone"),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash"),
    locale: text("locale").notNull().default("en"),
    /** Blocked by staff: cannot sign in nor order until unblocked (decision 060). */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** Erased on request: personal fields anonymised, the account unusable for good (decision 060). */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("customers_verified_email_uq")
      .on(t.storeId, t.email)
      .where(sql`email_verified_at IS NOT NULL`),
    uniqueIndex("customers_verified_phone_uq")
      .on(t.storeId, t.countryCode, t.phone)
      .where(sql`phone_verified_at IS NOT NULL`),
    index("customers_email_idx").on(t.storeId, t.email),
    index("customers_phone_idx").on(t.storeId, t.countryCode, t.phone),
    // The console's list: a store's registered customers (or guests), newest first.
    index("customers_store_kind_idx").on(t.storeId, t.kind, t.id),
    // The console's search by part of a name, email or phone (trigrams: any part matches).
    index("customers_search_idx").using(
      "gin",
      sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
    // What the sweeper looks for: guests, and registrations whose email nobody has proved.
    index("customers_unfinished_idx")
      .on(t.createdAt)
      .where(
        sql`kind = 'guest' OR (email IS NOT NULL AND email_verified_at IS NULL AND phone_verified_at IS NULL)`,
      ),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;

type BookedAddress = NonNullable<ShippingInfo["billing"]> | NonNullable<ShippingInfo["shipping"]>;

/**
 * The customer's address book (decision 051): billing and shipping addresses of spec §3, the
 * address itself as JSON. At most one default of each type per customer, kept by the database.
 */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    customerId: integer("customer_id").notNull(),
    type: text("type").$type<"billing" | "shipping">().notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    address: jsonb("address").$type<BookedAddress>().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({
      columns: [t.storeId, t.customerId],
      foreignColumns: [customers.storeId, customers.id],
      name: "customer_addresses_customer_fk",
    }).onDelete("cascade"),
    index("customer_addresses_customer_idx").on(t.storeId, t.customerId, t.id),
    uniqueIndex("customer_addresses_default_uq").on(t.storeId, t.customerId, t.type).where(sql`is_default`),
  ],
);

export type CustomerAddressRow = typeof customerAddresses.$inferSelect;
