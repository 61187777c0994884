import { type Locale, localized } from "@stoa/contract";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { DELETE_BATCH, deleteInBatches, secondsAgo } from "../platform/db/batches.ts";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { CODE_TTL_SECONDS, composeMessage, type MessageKind } from "./messages.ts";
import { outbox } from "./tables.ts";

/** An email or SMS composed for the outbox. */
export type OutboxMessage = {
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  /** Where the recipient's answer goes instead of the sender (emails only). */
  replyTo?: string;
  /**
   * Nobody proved the address is the shopper's (an email typed at checkout): the database keeps at
   * most UNVERIFIED_RECIPIENT_MESSAGES_PER_HOUR such messages per address an hour, from every shop,
   * and drops the rest, so that placing orders cannot mail a stranger at volume (decision 040).
   */
  unverifiedRecipient?: boolean;
};

/** The allowance per address an hour of messages to an address not proved; migration 0025's trigger holds it. */
export const UNVERIFIED_RECIPIENT_MESSAGES_PER_HOUR = 5;

/** An email or SMS as the outbox keeps it, in the recipient's language. */
export function outboxMessage(
  store: StoreRow,
  channel: "email" | "sms",
  recipient: string,
  message: MessageKind,
  locale: Locale,
): OutboxMessage {
  const { subject, body } = composeMessage(
    message,
    locale,
    localized(store.nameLocalizations, locale),
    CODE_TTL_SECONDS / 60,
  );
  return { channel, recipient, subject: channel === "sms" ? "" : subject, body };
}

/** Queues an email or SMS; the delivery worker sends it. Call inside the transaction that caused it. */
export async function enqueueMessage(
  db: Database,
  store: StoreRow,
  channel: "email" | "sms",
  recipient: string,
  message: MessageKind,
  locale: Locale,
): Promise<void> {
  await enqueueComposed(db, store.id, outboxMessage(store, channel, recipient, message, locale));
}

/** Queues a message composed already (see `outboxMessage`), inside the transaction that caused it. */
export async function enqueueComposed(db: Database, storeId: number, message: OutboxMessage): Promise<void> {
  await db.insert(outbox).values({ storeId, ...message });
}

export type Transport = {
  send(message: {
    to: string;
    subject: string;
    body: string;
    channel: "email" | "sms";
    replyTo?: string;
  }): Promise<void>;
};

const MAX_ATTEMPTS = 5;

/** What one call of `deliverPending` did: how many messages it claimed, and the highest id among them. */
export type Delivered = { claimed: number; lastId: number };

/**
 * Sends up to `batch` pending messages with ids above `after`, lowest first. Rows are claimed with
 * SKIP LOCKED, so several API processes can run the worker at once without sending a message twice.
 * `after` lets a worker start past the messages it has dealt with (worker.ts): the pending index
 * keeps an entry for every message sent since the last vacuum, and a scan from the start walks them
 * all.
 */
export async function deliverPending(
  db: Database,
  transport: Transport,
  { after = 0, batch = 20 }: { after?: number; batch?: number } = {},
): Promise<Delivered> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), gt(outbox.id, after)))
      .orderBy(outbox.id)
      .limit(batch)
      .for("update", { skipLocked: true });
    // Sent messages are marked in one statement for the batch; a busy shop sends one per order.
    const sent: number[] = [];
    for (const message of pending) {
      try {
        await transport.send({
          to: message.recipient,
          subject: message.subject,
          body: message.body,
          channel: message.channel,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        });
        sent.push(message.id);
      } catch (error) {
        await tx
          .update(outbox)
          .set({
            attempts: message.attempts + 1,
            lastError: String((error as Error).message).slice(0, 500),
            status: message.attempts + 1 >= MAX_ATTEMPTS ? "failed" : "pending",
          })
          .where(eq(outbox.id, message.id));
      }
    }
    if (sent.length > 0)
      await tx
        .update(outbox)
        .set({ status: "sent", sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1` })
        .where(inArray(outbox.id, sent));
    return { claimed: pending.length, lastId: pending.at(-1)?.id ?? after };
  });
}

/** Messages to one address, newest first: the dev mailbox. */
export async function mailbox(db: Database, recipient: string, limit = 50) {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), inArray(outbox.channel, ["email", "sms"])))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Removes sent and failed messages older than `keptSeconds`; pending ones stay, however old. */
export function sweepDeliveredMessages(db: Database, keptSeconds: number): Promise<number> {
  return deleteInBatches(
    db,
    () => sql`DELETE FROM outbox WHERE id IN (
      SELECT id FROM outbox WHERE status <> 'pending'
        AND created_at <= ${secondsAgo(keptSeconds)}
      LIMIT ${DELETE_BATCH}) RETURNING 1`,
  );
}
