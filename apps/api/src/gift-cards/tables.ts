import type { GiftCardEventKind } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "../stores/tables.ts";

/**
 * A gift card the shop sold: one per unit of a paid gift-card line. Its code is never stored: it is
 * signed from the line and unit with the shop's gift-card key (codes.ts), so a leaked table gives no
 * card away. A row is written when the card is first redeemed or adjusted by staff; until then the
 * card is worth what its line cost. Redeeming credits the card's value to the customer's wallet once
 * (the conditional update of `redeemed_at`), from where it is spent at checkout like any credit.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    orderLineId: integer("order_line_id").notNull(),
    /** Which card of the line: 1 to the line's quantity. */
    unit: integer("unit").notNull(),
    orderId: integer("order_id").notNull(),
    /** What the card is worth now, minor units: its price, unless staff adjusted it. */
    value: integer("value").notNull(),
    redeemedBy: integer("redeemed_by"),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.orderLineId, t.unit] }),
    check("gift_cards_value_check", sql`${t.value} >= 0`),
  ],
);
export type GiftCardRow = typeof giftCards.$inferSelect;

/** Every change of a card, and who made it: redeemed by a customer, adjusted by staff (with why). */
export const giftCardEvents = pgTable(
  "gift_card_events",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    orderLineId: integer("order_line_id").notNull(),
    unit: integer("unit").notNull(),
    kind: text("kind").$type<GiftCardEventKind>().notNull(),
    /** The order that spent the card (`spent`) or gave its spending back (`returned`). */
    orderId: integer("order_id"),
    valueBefore: integer("value_before").notNull(),
    valueAfter: integer("value_after").notNull(),
    customerId: integer("customer_id"),
    staffId: integer("staff_id"),
    note: text("note").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("gift_card_events_card_idx").on(t.storeId, t.orderLineId, t.unit, t.at),
  ],
);

/**
 * A present's email to its recipient, once per gift-card line: written when the line's cards are
 * sent (the insert that meets a row already there sends nothing), so two processes sweeping at once
 * send it once. `sendOn` is the day the buyer chose, in the shop's time zone.
 */
export const giftCardSendings = pgTable(
  "gift_card_sendings",
  {
    storeId: integer("store_id").notNull(),
    orderLineId: integer("order_line_id").notNull(),
    orderId: integer("order_id").notNull(),
    sendOn: date("send_on"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.orderLineId] })],
);
