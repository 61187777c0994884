import type { RoundStatus, ShareKind, TabPaymentWay, TabStatus } from "@stoa/contract";
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
 * Dine-in (docs/decisions/065-dine-in.md): tables with their QR codes, one open tab per table,
 * rounds of insert-only lines, the bill's shares, and the diners' in-store passes.
 */

/**
 * A table of the shop. Its QR code is made from the store's signing key and `codeVersion` (so the
 * sheet can be printed again), and only the code's SHA-256 is kept, to find the table by its code.
 */
export const diningTables = pgTable(
  "dining_tables",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    name: text("name").notNull(),
    area: text("area").notNull().default(""),
    seats: integer("seats").notNull(),
    active: boolean("active").notNull().default(true),
    codeHash: text("code_hash").notNull(),
    /** Grows by one at each rotation: the printed code of an earlier version opens nothing. */
    codeVersion: integer("code_version").notNull().default(1),
    codeMadeAt: timestamp("code_made_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("dining_tables_code_uq").on(t.codeHash),
    uniqueIndex("dining_tables_name_uq").on(t.storeId, sql`lower(${t.name})`),
  ],
);
export type DiningTableRow = typeof diningTables.$inferSelect;

/**
 * A party's tab at a table. At most one per table is `open` or `billing` (a partial unique index),
 * so two first scans at once join one tab. The row is the tab's lock: rounds, bill and shares take
 * it `FOR UPDATE`, and `version` grows with each change for pages that poll.
 */
export const tableTabs = pgTable(
  "table_tabs",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    tableId: integer("table_id").notNull(),
    status: text("status").$type<TabStatus>().notNull().default("open"),
    /** Staff seated the party or confirmed the tab: until then its rounds are held from the kitchen. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedBy: integer("confirmed_by"),
    version: integer("version").notNull().default(1),
    currency: text("currency").notNull(),
    /** The next round's ticket number, taken under the tab's lock. */
    nextTicket: integer("next_ticket").notNull().default(1),
    /** Diners who joined, so an unnamed one is "Guest n". */
    dinerCount: integer("diner_count").notNull().default(0),
    lastRoundAt: timestamp("last_round_at", { withTimezone: true }),
    billAskedAt: timestamp("bill_asked_at", { withTimezone: true }),
    counterAsked: boolean("counter_asked").notNull().default(false),
    couponId: integer("coupon_id"),
    couponCode: text("coupon_code"),
    discount: integer("discount").notNull().default(0),
    /** Fixed by the first even share paid: every even share of the bill is one of this many. */
    evenParts: integer("even_parts"),
    /** The order the bill became when it was asked for. */
    orderId: integer("order_id"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closeReason: text("close_reason"),
    /** Merged into another tab by staff: this one is closed and its rounds and shares moved. */
    mergedIntoTabId: integer("merged_into_tab_id"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("table_tabs_one_open_uq").on(t.storeId, t.tableId).where(sql`status IN ('open', 'billing')`),
    index("table_tabs_live_idx").on(t.storeId, t.status).where(sql`status IN ('open', 'billing')`),
    check("table_tabs_status_check", sql`${t.status} IN ('open', 'billing', 'paid', 'closed')`),
  ],
);
export type TableTabRow = typeof tableTabs.$inferSelect;

/** A round: what one diner sent at once; its ticket number is the kitchen's. */
export const tabRounds = pgTable(
  "tab_rounds",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    tabId: integer("tab_id").notNull(),
    ticket: integer("ticket").notNull(),
    /** The key the diner's phone made for the round, and a digest of what it held. */
    roundKey: text("round_key").notNull(),
    requestDigest: text("request_digest").notNull(),
    status: text("status").$type<RoundStatus>().notNull(),
    dinerName: text("diner_name").notNull(),
    /** When the kitchen got it: held rounds have none until staff confirm the tab. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("tab_rounds_key_uq").on(t.storeId, t.tabId, t.roundKey),
    index("tab_rounds_tab_idx").on(t.storeId, t.tabId, t.ticket),
    // The kitchen screen: tickets still to cook, oldest first.
    index("tab_rounds_kitchen_idx").on(t.storeId, t.sentAt).where(sql`status IN ('sent', 'preparing')`),
    index("tab_rounds_served_idx").on(t.storeId, t.statusChangedAt).where(sql`status = 'served'`),
    check("tab_rounds_status_check", sql`${t.status} IN ('held', 'sent', 'preparing', 'served')`),
  ],
);
export type TabRoundRow = typeof tabRounds.$inferSelect;

/**
 * A line of a round, frozen at the server's price: only ever inserted. Voiding marks it (with a
 * reason); paying by item names the share that paid it.
 */
export const tabLines = pgTable(
  "tab_lines",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    tabId: integer("tab_id").notNull(),
    roundId: integer("round_id").notNull(),
    productId: integer("product_id").notNull(),
    variationId: integer("variation_id"),
    addOns: jsonb("add_ons").$type<Record<string, string[]>>().notNull().default({}),
    name: text("name").notNull(),
    sku: text("sku").notNull(),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    note: text("note").notNull().default(""),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotal: integer("line_total").notNull(),
    tax: integer("tax").notNull(),
    position: integer("position").notNull(),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
    voidedBy: integer("voided_by"),
    shareId: integer("share_id"),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("tab_lines_tab_idx").on(t.storeId, t.tabId, t.roundId),
  ],
);
export type TabLineRow = typeof tabLines.$inferSelect;

/**
 * A share of an asked-for bill, paid by one diner: the whole rest, one of N even parts, or the lines
 * they had. `paying` while its card is asked; a failed card's row is marked `failed`, freeing the part.
 */
export const tabShares = pgTable(
  "tab_shares",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    tabId: integer("tab_id").notNull(),
    kind: text("kind").$type<ShareKind>().notNull(),
    part: integer("part"),
    parts: integer("parts"),
    goods: integer("goods").notNull(),
    tip: integer("tip").notNull().default(0),
    amount: integer("amount").notNull(),
    way: text("way").$type<TabPaymentWay | "cash">().notNull(),
    status: text("status").$type<"paying" | "paid" | "failed">().notNull(),
    payerName: text("payer_name").notNull(),
    customerId: integer("customer_id"),
    email: text("email"),
    idempotencyKey: text("idempotency_key").notNull(),
    requestDigest: text("request_digest").notNull(),
    paymentGateway: text("payment_gateway"),
    paymentRef: text("payment_ref"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The member of staff who settled it at the counter. */
    settledBy: integer("settled_by"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("tab_shares_idempotency_uq").on(t.storeId, t.tabId, t.idempotencyKey),
    // One payment per even part: two phones paying part 2 of 3 at once get one payment.
    uniqueIndex("tab_shares_even_part_uq")
      .on(t.storeId, t.tabId, t.part)
      .where(sql`kind = 'even' AND status <> 'failed'`),
    index("tab_shares_tab_idx").on(t.storeId, t.tabId),
    check("tab_shares_status_check", sql`${t.status} IN ('paying', 'paid', 'failed')`),
  ],
);
export type TabShareRow = typeof tabShares.$inferSelect;

/**
 * A diner's in-store pass (spec §6 "in-store customer"): the token's SHA-256, bound to one store
 * and table, and to the tab once the diner joins it. Lives 10 minutes, renewed on use while the
 * tab is open, dead when the tab is paid or closed.
 */
export const tablePasses = pgTable(
  "table_passes",
  {
    tokenHash: text("token_hash").primaryKey(),
    storeId: integer("store_id").notNull(),
    tableId: integer("table_id").notNull(),
    tabId: integer("tab_id"),
    /** The signed-in customer who scanned, so the paid bill lands in their orders. */
    customerId: integer("customer_id"),
    dinerName: text("diner_name"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("table_passes_tab_idx").on(t.storeId, t.tabId),
    index("table_passes_expires_idx").on(t.expiresAt),
  ],
);
export type TablePassRow = typeof tablePasses.$inferSelect;

/** A dish the kitchen ran out of for now: off every table's menu until staff bring it back. */
export const dishSnoozes = pgTable(
  "dish_snoozes",
  {
    storeId: integer("store_id").notNull(),
    productId: integer("product_id").notNull(),
    snoozedBy: integer("snoozed_by"),
    snoozedAt: timestamp("snoozed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.productId] })],
);
