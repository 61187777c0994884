import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
  (t) => [
    index("sessions_customer_idx").on(t.storeId, t.customerId),
    index("sessions_expires_idx").on(t.expiresAt),
    index("sessions_revoked_idx").on(t.revokedAt).where(sql`revoked_at IS NOT NULL`),
  ],
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
    index("one_time_codes_expires_idx").on(t.expiresAt),
  ],
);

/** Fixed-window counters for throttling; kept in the database so every API process shares them. */
export const throttles = pgTable(
  "throttles",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("throttles_window_ends_idx").on(t.windowEndsAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
