import type { InfoPage, InfoPageSlug, Locale } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "../stores/tables.ts";

/** An information page in one language, as the shop wrote it. */
export type InfoPageText = Pick<InfoPage, "title" | "summary" | "sections">;

/**
 * The information pages a shop publishes (about us, FAQ, terms…): a row is a published page. Its
 * texts are keyed by locale; English is always there, as the page's fallback (the check below).
 * Statement triggers raise the store's catalogue version on every write (migration 0023), so the
 * store's version, the storefront's shared pages and the cached page answers all change with a page.
 */
export const infoPages = pgTable(
  "info_pages",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    slug: text("slug").$type<InfoPageSlug>().notNull(),
    texts: jsonb("texts").$type<Partial<Record<Locale, InfoPageText>>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The store lookup lists a store's slugs from this key alone (an index-only scan).
    primaryKey({ columns: [t.storeId, t.slug] }),
    // IS NOT DISTINCT FROM: a missing 'en' gives NULL, which a plain comparison would let through.
    check("info_pages_english_check", sql`jsonb_typeof(${t.texts} -> 'en') IS NOT DISTINCT FROM 'object'`),
  ],
);
export type InfoPageRow = typeof infoPages.$inferSelect;

/** What shoppers wrote to the shop from its contact page; the shop reads them newest first. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    /** The signed-in customer who wrote, if any; the email below is how to answer either way. */
    customerId: integer("customer_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message").notNull(),
    /** The language the shopper wrote from. */
    locale: text("locale").$type<Locale>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a member of staff first opened it. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When staff marked it answered (they answer by email, replying to the shopper). */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("contact_messages_store_created_idx").on(t.storeId, t.createdAt),
    // The console's "open" list and its unread badge read only what is still waiting.
    index("contact_messages_open_idx").on(t.storeId, t.createdAt).where(sql`answered_at IS NULL`),
  ],
);

/** The shop's newsletter list: an address once per shop. */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    /** Lower-cased by the contract's email schema, so one address is one row. */
    email: text("email").notNull(),
    /** The language to write to the subscriber in: the one they subscribed from. */
    locale: text("locale").$type<Locale>().notNull(),
    customerId: integer("customer_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.email] }),
    index("newsletter_subscriptions_created_idx").on(t.storeId, t.createdAt),
  ],
);
