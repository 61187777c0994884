import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";
import { stores } from "../stores/tables.ts";

/** A member of one shop's staff: email and argon2id password, like a customer, but a separate account. */
export const staffMembers = pgTable(
  "staff_members",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    /** Lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("staff_members_email_uq").on(t.storeId, t.email),
  ],
);
export type StaffMemberRow = typeof staffMembers.$inferSelect;

/**
 * Staff bearer sessions, hashed as customers' are (decision 004) but in a table of their own: a
 * staff token is never looked up by the shoppers' calls, nor a shopper's token by the staff's.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    storeId: integer("store_id").notNull(),
    staffId: integer("staff_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("staff_sessions_member_idx").on(t.storeId, t.staffId),
    index("staff_sessions_expires_idx").on(t.expiresAt),
    index("staff_sessions_revoked_idx").on(t.revokedAt).where(sql`revoked_at IS NOT NULL`),
  ],
);
export type StaffSessionRow = typeof staffSessions.$inferSelect;
