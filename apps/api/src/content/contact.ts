import { type contactMessageBodySchema, type Locale, toLocale } from "@stoa/contract";
import type { z } from "zod";
import { THROTTLES, throttle } from "../auth/throttle.ts";
import { enqueueComposed, outboxMessage } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import { staffAddresses } from "../staff/members.ts";
import type { StoreRow } from "../stores/tables.ts";
import { contactMessages } from "./tables.ts";

export type ContactMessage = z.output<typeof contactMessageBodySchema>;

/** Who sent a message: the signed-in customer if any, the language they wrote from, their address. */
export type Sender = { customerId: number | null; locale: Locale; ip: string };

/**
 * `POST /contact-us/create`: keeps the message and, in the same transaction, queues an email of it
 * to each of the shop's staff, whose reply goes to the shopper. Throttled per client address first,
 * so a flood neither fills the table nor the staff's inboxes.
 */
export async function receiveContactMessage(
  db: Database,
  store: StoreRow,
  message: ContactMessage,
  sender: Sender,
): Promise<{ id: number; receivedAt: string }> {
  await throttle(db, `contact:ip:${sender.ip}`, THROTTLES.contactPerIp);
  const phone = message.phone || null;
  const subject = message.subject || null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        storeId: store.id,
        customerId: sender.customerId,
        name: message.name,
        email: message.email,
        phone,
        subject,
        message: message.message,
        locale: sender.locale,
      })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error("contact message not stored");
    // Written in the shop's own first language: the staff read it, not the shopper.
    const staffLocale = toLocale(store.languages[0]);
    for (const recipient of await staffAddresses(tx, store.id)) {
      const email = outboxMessage(
        store,
        "email",
        recipient,
        { kind: "contactMessage", ...message, phone, subject, locale: sender.locale },
        staffLocale,
      );
      await enqueueComposed(tx, store.id, { ...email, replyTo: message.email });
    }
    return { id: row.id, receivedAt: row.createdAt.toISOString() };
  });
}
