import type {
  CardGateway,
  CategoryLayout,
  InfoPageSlug,
  Localizations,
  OpeningHours,
  Seo,
  Vertical,
} from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";

/** Enough for a family's few orders in a week; few enough that nobody hoards a shop's stock. */
export const DEFAULT_UNPAID_ORDER_LIMIT = 5;

/**
 * What orders paid on collection or delivery may hold, by default (docs/decisions/040-what-a-guest-holds.md):
 * a large family shop in one order, twice that across a shopper's open ones. Values are minor units of
 * the shop's currency, goods at their shelf price.
 */
export const DEFAULT_UNPAID_HOLDS = {
  unitsPerOrder: 50,
  valuePerOrder: 100_000,
  unitsPerShopper: 100,
  valuePerShopper: 200_000,
} as const;

/** A day: an evening's order waits for the morning's staff; a hoard comes back by the next evening. */
export const DEFAULT_UNCONFIRMED_RELEASE_MINUTES = 24 * 60;

/**
 * Where a branch is, for the shopper choosing the nearest (docs/decisions/049-branches.md): its
 * part of town and address as shown, its coordinates and the postcode beginnings it serves.
 */
export type BranchLocation = {
  areaLocalizations: Localizations;
  address: string;
  latitude: number;
  longitude: number;
  postcodeAreas: string[];
};

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
    /**
     * The calling code of the shop's country (digits, no "+"): phone fields start with it, so a
     * shopper at home types only the number. Null: the shopper types it.
     */
    phoneCountryCode: text("phone_country_code"),
    layoutType: text("layout_type").$type<CategoryLayout>().notNull().default("classic"),
    primaryColor: text("primary_color").notNull().default("#0f766e"),
    siteTitle: text("site_title").notNull(),
    /**
     * `metaDescription` is what a language without its own description shows; `descriptions` holds
     * the shop's description per language (staff set them), never sent as it is (service.ts).
     */
    seo: jsonb("seo").$type<Seo & { descriptions?: Localizations }>().notNull(),
    activeLogoUrl: text("active_logo_url").notNull(),
    inactiveLogoUrl: text("inactive_logo_url").notNull(),
    guestCheckout: boolean("guest_checkout").notNull().default(true),
    /**
     * How many orders one shopper (a customer or a guest session) may have open and unpaid at once:
     * cash still due on an order not yet delivered or cancelled, or a card order waiting for its
     * card. Each holds stock, coupon uses and a delivery window until the shop moves it on, so a
     * shopper past the limit is refused a new one until an order is paid, delivered or cancelled
     * (docs/decisions/033-open-unpaid-orders.md). Checked by the order's own database call.
     */
    unpaidOrderLimit: integer("unpaid_order_limit").notNull().default(DEFAULT_UNPAID_ORDER_LIMIT),
    /**
     * The largest refund, in minor units, a member with the "staff" role may give on their own; a
     * larger one waits for a manager or the owner. Null: staff refund any amount.
     */
    staffRefundLimit: integer("staff_refund_limit"),
    /**
     * What one order paid on collection or delivery (cash due when it is placed) may hold: its units
     * and its goods' value at shelf price, in minor units. A card order is paid when placed and is
     * not limited. Checked by the order's own database call (docs/decisions/040-what-a-guest-holds.md).
     */
    unpaidUnitsPerOrder: integer("unpaid_units_per_order")
      .notNull()
      .default(DEFAULT_UNPAID_HOLDS.unitsPerOrder),
    unpaidValuePerOrder: integer("unpaid_value_per_order")
      .notNull()
      .default(DEFAULT_UNPAID_HOLDS.valuePerOrder),
    /**
     * What one shopper's open orders with cash due may hold together, the new one with them: counted
     * under the same lock of the shopper's row as `unpaid_order_limit`.
     */
    unpaidUnitsPerShopper: integer("unpaid_units_per_shopper")
      .notNull()
      .default(DEFAULT_UNPAID_HOLDS.unitsPerShopper),
    unpaidValuePerShopper: integer("unpaid_value_per_shopper")
      .notNull()
      .default(DEFAULT_UNPAID_HOLDS.valuePerShopper),
    /**
     * Minutes after which a pickup or delivery with cash due that staff have not confirmed is
     * cancelled by the sweeper and gives back what it holds; the shopper is told.
     */
    unconfirmedReleaseMinutes: integer("unconfirmed_release_minutes")
      .notNull()
      .default(DEFAULT_UNCONFIRMED_RELEASE_MINUTES),
    isAdminRegister: boolean("is_admin_register").notNull().default(false),
    /**
     * The payment providers the shop takes cards through. The built-in test provider answers outside
     * production whatever this says; in production only where the shop lists "test-card" here.
     */
    paymentProviders: text("payment_providers").array().notNull().default(sql`'{}'`),
    /**
     * The card provider a new card goes through ("stripe", "bambora", "test-card"), one the shop
     * takes: the shopper pays by "Card" and never picks one. Saved cards are paid through the
     * provider that saved them while the shop takes it. Null, or one the shop no longer takes:
     * the first it takes of Stripe, Bambora, the test provider.
     */
    cardProvider: text("card_provider").$type<CardGateway>(),
    /**
     * Counts the writes to the store's catalogue (products, categories, variations, tags,
     * collections, store images; since migration 0054 no longer products, their variations, tags and
     * categories, which `product_changes_seq` counts). Statement triggers of those tables raise it (migration 0003), so
     * every API process knows from the store row alone whether a cached catalogue answer is current.
     * Stock changes do not raise it unless a product sells out or comes back (migration 0008): cached
     * answers read their stock again (docs/decisions/016-stock-outside-the-catalogue-cache.md).
     * Never written by the app.
     */
    catalogueVersion: bigint("catalogue_version", { mode: "number" }).notNull().default(0),
    /**
     * Counts the statements that changed the store's products (their rows, variations, tags or
     * categories) since migration 0054: each is written to `product_changes` under this number, and
     * an API process that sees the number move drops only the answers those products could change
     * (docs/decisions/069-product-level-cache-invalidation.md). Never written by the app.
     */
    productChangesSeq: bigint("product_changes_seq", { mode: "number" }).notNull().default(0),
    /**
     * Raised when the shop's vocabulary (`search_words`) gains a word, so the words keyword search
     * corrects towards are read again without a product edit dropping anything else.
     */
    vocabularyVersion: bigint("vocabulary_version", { mode: "number" }).notNull().default(0),
    /**
     * Shops of one owner and trade that are branches of each other share this name; null for a shop
     * on its own. A branch of a group has its `branch_location`; one without is not offered.
     */
    branchGroup: text("branch_group"),
    branchLocation: jsonb("branch_location").$type<BranchLocation>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("stores_domain_uq").on(t.domain),
    index("stores_branch_group_idx").on(t.branchGroup).where(sql`${t.branchGroup} IS NOT NULL`),
    // A negative limit would make the placing call's count ask for a negative LIMIT and fail.
    check("stores_unpaid_order_limit_check", sql`${t.unpaidOrderLimit} >= 0`),
    check(
      "stores_unpaid_holds_check",
      sql`${t.unpaidUnitsPerOrder} >= 0 AND ${t.unpaidValuePerOrder} >= 0 AND ${t.unpaidUnitsPerShopper} >= 0 AND ${t.unpaidValuePerShopper} >= 0`,
    ),
    check("stores_unconfirmed_release_minutes_check", sql`${t.unconfirmedReleaseMinutes} > 0`),
  ],
);

/**
 * A store as requests see it: its row, and what the same statement reads with it (stores/service.ts)
 * — the information pages it publishes in footer order, whether its prices include tax (the setting
 * checkout prices with, so every page's word on tax agrees with the bill) — kept for STORE_FRESH_MS.
 */
export type StoreRow = typeof stores.$inferSelect & {
  infoPages: InfoPageSlug[];
  pricesIncludeTax: boolean;
  /** The shop has referrals on (referral_settings.enabled), read with the row. */
  referralsOn: boolean;
  openingHours: OpeningHours | null;
};
