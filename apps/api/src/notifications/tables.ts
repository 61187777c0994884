import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
    /** Where an answer to the email goes, when not to the shop (a shopper's contact message). */
    replyTo: text("reply_to"),
    /**
     * Sent to an address nobody proved is the shopper's (an email typed at checkout): a trigger keeps
     * only so many of these per address an hour, across every shop (decision 040), so placing
     * orders cannot mail a stranger at volume.
     */
    unverifiedRecipient: boolean("unverified_recipient").notNull().default(false),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_pending_idx").on(t.status, t.id).where(sql`status = 'pending'`),
    index("outbox_recipient_idx").on(t.recipient, t.id),
    index("outbox_done_idx").on(t.createdAt).where(sql`status <> 'pending'`),
  ],
);
