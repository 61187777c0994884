import type { CardBrand, PaymentDeclineReason } from "@stoa/contract";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";

export type PaymentEventKind = "authorize" | "capture" | "void" | "refund" | "fail";
/** `refused`: the provider found the request did not fit the payment (see provider.ts). */
export type PaymentEventResult = "approved" | "declined" | "refused";

/**
 * Every call to a payment provider about an order, and its answer: rows are only ever added. The
 * provider's idempotency key is unique per store and provider, so a retried step is recorded once
 * and a retry finds what the first attempt got.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    orderId: integer("order_id").notNull(),
    provider: text("provider").notNull(),
    kind: text("kind").$type<PaymentEventKind>().notNull(),
    /** Minor units of `currency`: what the step asked for, or moved when approved. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** The provider's reference of the payment; none when the provider could not be reached. */
    providerRef: text("provider_ref"),
    idempotencyKey: text("idempotency_key").notNull(),
    result: text("result").$type<PaymentEventResult>().notNull(),
    /** Why it was declined or refused; null when approved. */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("payment_events_idempotency_uq").on(t.storeId, t.provider, t.idempotencyKey),
    index("payment_events_order_idx").on(t.storeId, t.orderId),
  ],
);
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

export type TestChargeStatus =
  | "authorized"
  | "captured"
  | "partially_refunded"
  | "refunded"
  | "voided"
  | "declined";

/**
 * The built-in test provider's own books, standing in for a remote provider's: one row per
 * authorization asked for, kept in the database so that its idempotency holds across API
 * processes. Of the card only the brand and last four digits are kept.
 */
export const testProviderCharges = pgTable(
  "test_provider_charges",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    ref: text("ref").notNull(),
    orderId: integer("order_id").notNull(),
    status: text("status").$type<TestChargeStatus>().notNull(),
    declineReason: text("decline_reason").$type<PaymentDeclineReason>(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    capturedAmount: integer("captured_amount").notNull().default(0),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    cardBrand: text("card_brand").$type<CardBrand>(),
    cardLast4: text("card_last4"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("test_provider_charges_idempotency_uq").on(t.storeId, t.idempotencyKey),
    uniqueIndex("test_provider_charges_ref_uq").on(t.storeId, t.ref),
  ],
);
export type TestChargeRow = typeof testProviderCharges.$inferSelect;

/** The test provider's captures, voids and refunds, one per idempotency key, with the answer given. */
export const testProviderOperations = pgTable(
  "test_provider_operations",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    chargeRef: text("charge_ref").notNull(),
    kind: text("kind").$type<"capture" | "void" | "refund">().notNull(),
    amount: integer("amount").notNull(),
    outcome: text("outcome").$type<"approved" | "refused">().notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("test_provider_operations_idempotency_uq").on(t.storeId, t.idempotencyKey),
  ],
);
