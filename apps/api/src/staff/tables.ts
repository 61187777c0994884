import type { StaffRole } from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
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
    /** What the member may do (contract staff/roles.ts). */
    role: text("role").$type<StaffRole>().notNull().default("staff"),
    /** A disabled member cannot sign in and their sessions are ended; the account stays for the audit log. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("staff_members_email_uq").on(t.storeId, t.email),
    check("staff_members_role_check", sql`${t.role} IN ('owner', 'manager', 'staff', 'kitchen')`),
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

/**
 * An emailed link that sets a password: an invitation to join the staff (the account is made when
 * it is followed) or an owner's reset of a member's password. Its token is kept hashed; it works
 * once and for a limited time.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    kind: text("kind").$type<"invite" | "reset">().notNull(),
    /** Lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    /** Who sent it; null for the shop's first owner, invited by the command that added the shop. */
    invitedBy: integer("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("staff_invitations_email_idx").on(t.storeId, t.email),
    index("staff_invitations_expires_idx").on(t.expiresAt),
    check("staff_invitations_role_check", sql`${t.role} IN ('owner', 'manager', 'staff', 'kitchen')`),
  ],
);
export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

/**
 * What staff changed, by whom and when, with the values before and after: money, stock, prices,
 * coupons, settings and accounts. Insert-only; the owner reads and filters it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null for a change made by a command of the project (the shop's first owner). */
    staffId: integer("staff_id"),
    /**
     * What was done, e.g. "order.move", "order.cancel", "order.note", "refund.answer", "refund.give",
     * "settings.hours", "settings.delivery", "settings.postOption", "settings.pickupPoint", "staff.invite".
     */
    action: text("action").notNull(),
    /** What it was done to, e.g. "order:1042", "staff:7", "store". */
    subject: text("subject").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("audit_log_at_idx").on(t.storeId, t.at),
    index("audit_log_staff_idx").on(t.storeId, t.staffId, t.at),
    index("audit_log_action_idx").on(t.storeId, t.action, t.at),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Notes staff keep on an order, insert-only: who wrote what and when. Read in the console's order
 * timeline; no shopper's call ever answers them.
 */
export const orderNotes = pgTable(
  "order_notes",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    orderId: integer("order_id").notNull(),
    staffId: integer("staff_id"),
    text: text("text").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("order_notes_order_idx").on(t.storeId, t.orderId, t.id),
  ],
);
