import type { CardBrand, PaymentDeclineReason } from "@stoa/contract";
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
import { timestamps } from "../platform/db/columns.ts";

export type PaymentEventKind = "authorize" | "capture" | "void" | "refund" | "fail";
/**
 * `refused`: the provider found the request did not fit the payment (see provider.ts).
 * `requires_action`: the shopper must confirm the payment with the card's bank first; the
 * provider's webhook brings the outcome.
 */
export type PaymentEventResult = "approved" | "declined" | "refused" | "requires_action";

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

/** The card providers that keep their own accounts: the test provider needs no secrets. */
export type CardProviderName = "stripe" | "bambora";

/**
 * A store's own account at a card provider. `sealed` holds the secrets (secret keys, passcodes,
 * the webhook signing secret) encrypted with AES-256-GCM under PAYMENT_SECRETS_KEY, bound to the
 * store and provider (secrets.ts); `public_settings` what may be shown (Stripe's publishable key).
 */
export const paymentProviderSecrets = pgTable(
  "payment_provider_secrets",
  {
    storeId: integer("store_id").notNull(),
    provider: text("provider").$type<CardProviderName>().notNull(),
    sealed: text("sealed").notNull(),
    publicSettings: jsonb("public_settings").$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.storeId, t.provider] })],
);

/**
 * The provider's record of a shop customer: a Stripe customer, a Bambora payment profile. Saved
 * cards live at the provider under it; Stoa keeps only the reference. `providerRef` is chosen
 * before the provider is asked where the provider lets us (Bambora's customer_code), so a retry
 * after a crash finds the profile it made.
 */
export const cardProviderCustomers = pgTable(
  "card_provider_customers",
  {
    storeId: integer("store_id").notNull(),
    customerId: integer("customer_id").notNull(),
    provider: text("provider").$type<CardProviderName>().notNull(),
    providerRef: text("provider_ref").notNull(),
    /** False until the provider confirmed the customer exists. */
    confirmed: boolean("confirmed").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.customerId, t.provider] }),
    uniqueIndex("card_provider_customers_ref_uq").on(t.storeId, t.provider, t.providerRef),
  ],
);

/** Webhook events a provider sent to a store, by the provider's event id: each is applied once. */
export const cardProviderWebhookEvents = pgTable(
  "card_provider_webhook_events",
  {
    storeId: integer("store_id").notNull(),
    provider: text("provider").$type<CardProviderName>().notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.provider, t.eventId] })],
);

export type CardOperationKind = "authorize" | "capture" | "void" | "refund";

/**
 * The payment steps Stoa asked of a provider that has no idempotency keys of its own (Bambora), one
 * per store and key: claimed before the provider is asked, answered after. A repeated key finds the
 * answer instead of moving money again; a claim never answered (the API died on the way) stays
 * unknown and is never asked again under that key. `payment_ref` ties later steps to the store
 * whose authorization it was, and `amount`/`moved` let a step be checked before it is asked.
 */
export const cardProviderOperations = pgTable(
  "card_provider_operations",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    provider: text("provider").$type<CardProviderName>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").$type<CardOperationKind>().notNull(),
    /** What the request was, so a key reused for another request is caught. */
    fingerprint: text("fingerprint").notNull(),
    /** The provider's payment the step is about; for an authorization, set once answered. */
    paymentRef: text("payment_ref"),
    amount: integer("amount").notNull(),
    /** The provider's answer, null while the step is claimed and unanswered. */
    answer: jsonb("answer").$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("card_provider_operations_key_uq").on(t.storeId, t.provider, t.idempotencyKey),
    index("card_provider_operations_payment_idx").on(t.storeId, t.provider, t.paymentRef),
  ],
);
export type CardOperationRow = typeof cardProviderOperations.$inferSelect;

/** What became of money owed back to a card: still to do, done, or beyond what retrying can do. */
export type GiveBackState = "due" | "done" | "stuck";

/**
 * Money a provider holds (or took) for an order that gave it up (payment failed, cancelled): an
 * approval that arrived late, an authorization whose answer was lost. The row is written in the
 * transaction that decides the money goes back, before the provider is asked, so neither a failed
 * void nor a crash loses it: the sweeper asks again with backoff until the provider releases it
 * (`done`), or gives up and reports it (`stuck`) for the shop to settle by hand. One per payment.
 */
export const paymentGiveBacks = pgTable(
  "payment_give_backs",
  {
    storeId: integer("store_id").notNull(),
    orderId: integer("order_id").notNull(),
    provider: text("provider").notNull(),
    paymentRef: text("payment_ref").notNull(),
    /** `void` releases a hold; `refund` gives back what was captured. */
    kind: text("kind").$type<"void" | "refund">().notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    state: text("state").$type<GiveBackState>().notNull().default("due"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The provider's last answer that was not a release (a reason, a refusal), for the report. */
    lastResult: text("last_result"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.provider, t.paymentRef] }),
    index("payment_give_backs_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'due'`),
  ],
);
export type GiveBackRow = typeof paymentGiveBacks.$inferSelect;

/**
 * This installation's own name at providers that several installations may share (one Stripe
 * account behind two deployments): it prefixes the idempotency keys and metadata Stoa sends there,
 * so two deployments' order 1 never meet. `STOA_DEPLOYMENT_ID` sets it; without it the first start
 * writes a random one here, and every later start and every process reads the same.
 */
export const paymentDeployment = pgTable("payment_deployment", {
  /** Always true: the table holds one row. */
  only: boolean("only").primaryKey().default(true),
  deploymentId: text("deployment_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
