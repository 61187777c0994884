import type {
  CategoryLayout,
  Localizations,
  ProductImage,
  Seo,
  ShippingInfo,
  Vertical,
} from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/*
 * Listing indexes are ascending: PostgreSQL scans a btree backwards for `ORDER BY … DESC`, and a
 * `DESC NULLS LAST` index would not serve the plain `DESC` (NULLS FIRST) the queries use.
 */

/** The tenant root: one row per shop, found by its domain. */
export const stores = pgTable(
  "stores",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    domain: text("domain").notNull(),
    vertical: text("vertical").$type<Vertical>().notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    taglineLocalizations: jsonb("tagline_localizations").$type<Localizations>().notNull().default({}),
    languages: text("languages").array().notNull().default(sql`'{en,ar,he}'`),
    currency: text("currency").notNull().default("USD"),
    layoutType: text("layout_type").$type<CategoryLayout>().notNull().default("classic"),
    primaryColor: text("primary_color").notNull().default("#0f766e"),
    siteTitle: text("site_title").notNull(),
    seo: jsonb("seo").$type<Seo>().notNull(),
    activeLogoUrl: text("active_logo_url").notNull(),
    inactiveLogoUrl: text("inactive_logo_url").notNull(),
    guestCheckout: boolean("guest_checkout").notNull().default(true),
    isAdminRegister: boolean("is_admin_register").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("stores_domain_uq").on(t.domain)],
);

/** Categories form a tree per store through parent_id. */
export const categories = pgTable(
  "categories",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    parentId: integer("parent_id"),
    slug: text("slug").notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    image: text("image"),
    icon: text("icon"),
    sort: integer("sort").notNull().default(0),
    isShow: boolean("is_show").notNull().default(true),
    isAvailable: boolean("is_available").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("categories_store_slug_uq").on(t.storeId, t.slug),
  ],
);

export const products = pgTable(
  "products",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    slug: text("slug").notNull(),
    nameLocalizations: jsonb("name_localizations").$type<Localizations>().notNull(),
    descriptionLocalizations: jsonb("description_localizations").$type<Localizations>().notNull(),
    brandLocalizations: jsonb("brand_localizations").$type<Localizations>().notNull().default({}),
    /** Minor units of the store currency (docs/decisions/003-money.md). */
    price: integer("price").notNull(),
    salePrice: integer("sale_price"),
    /** What the shopper pays now; price filters and sorting use it. */
    effectivePrice: integer("effective_price")
      .notNull()
      .generatedAlwaysAs(sql`least(price, coalesce(sale_price, price))`),
    stock: integer("stock").notNull().default(0),
    sku: text("sku").notNull(),
    barcode: text("barcode").notNull().default(""),
    unit: text("unit").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'`),
    images: jsonb("images").$type<ProductImage[]>().notNull().default([]),
    isAvailable: boolean("is_available").notNull().default(true),
    salesVolume: integer("sales_volume").notNull().default(0),
    /**
     * Every name, brand, sku and barcode in one lower-cased text: one trigram index serves keyword
     * search across all languages.
     */
    searchText: text("search_text").notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("products_store_slug_uq").on(t.storeId, t.slug),
    uniqueIndex("products_store_sku_uq").on(t.storeId, t.sku),
    index("products_store_created_idx").on(t.storeId, t.createdAt, t.id),
    index("products_store_price_idx").on(t.storeId, t.effectivePrice, t.id),
    index("products_store_sales_idx").on(t.storeId, t.salesVolume, t.id),
    index("products_store_barcode_idx").on(t.storeId, t.barcode),
    // The "on sale" shelf: newest first without scanning the products that are not on sale.
    index("products_store_on_sale_idx")
      .on(t.storeId, t.createdAt, t.id)
      .where(sql`sale_price IS NOT NULL AND sale_price < price`),
    index("products_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    storeId: integer("store_id").notNull(),
    categoryId: integer("category_id").notNull(),
    productId: integer("product_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.categoryId, t.productId] }),
    index("product_categories_product_idx").on(t.storeId, t.productId),
  ],
);

export type StoreRow = typeof stores.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

// ── Accounts ──────────────────────────────────────────────────────────────

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
    shippingInfo: jsonb("shipping_info").$type<ShippingInfo>(),
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
  ],
);

/** Bearer sessions: only the SHA-256 of the token is kept (docs/decisions/004-tokens.md). */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    storeId: integer("store_id").notNull(),
    customerId: integer("customer_id").notNull(),
    kind: text("kind").$type<"customer" | "guest" | "in_store">().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_customer_idx").on(t.storeId, t.customerId)],
);

/** One-time codes and link tokens, hashed, expiring, with an attempt counter. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    storeId: integer("store_id").notNull(),
    purpose: text("purpose").notNull(),
    /** Lower-cased email, or `<country code>:<phone>`. */
    target: text("target").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("one_time_codes_target_idx").on(t.storeId, t.purpose, t.target, t.createdAt),
    index("one_time_codes_hash_idx").on(t.codeHash),
  ],
);

/** Fixed-window counters for throttling; kept in the database so every API process shares them. */
export const throttles = pgTable("throttles", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

/** Emails and SMS waiting for the delivery worker; written in the transaction that caused them. */
export const outbox = pgTable(
  "outbox",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    storeId: integer("store_id").notNull(),
    channel: text("channel").$type<"email" | "sms">().notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_pending_idx").on(t.status, t.id).where(sql`status = 'pending'`),
    index("outbox_recipient_idx").on(t.recipient, t.id),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

// ── Wishlist ──────────────────────────────────────────────────────────────

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    customerId: integer("customer_id").notNull(),
    productId: integer("product_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("wishlist_items_customer_product_uq").on(t.storeId, t.customerId, t.productId),
    index("wishlist_items_customer_created_idx").on(t.storeId, t.customerId, t.createdAt, t.id),
  ],
);
