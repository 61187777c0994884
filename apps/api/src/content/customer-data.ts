import { and, asc, eq, or } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { contactMessages, newsletterSubscriptions } from "./tables.ts";

/*
 * What the shop's content keeps about one customer — their newsletter subscription and the
 * messages they wrote from the contact page — found by their account or their email, for a data
 * export and an erasure on request (decision 060).
 */

type Whom = { storeId: number; customerId: number; email: string | null };

const subscriptionOf = ({ storeId, customerId, email }: Whom) =>
  and(
    eq(newsletterSubscriptions.storeId, storeId),
    or(
      eq(newsletterSubscriptions.customerId, customerId),
      email ? eq(newsletterSubscriptions.email, email.toLowerCase()) : undefined,
    ),
  );

const messagesOf = ({ storeId, customerId, email }: Whom) =>
  and(
    eq(contactMessages.storeId, storeId),
    or(eq(contactMessages.customerId, customerId), email ? eq(contactMessages.email, email) : undefined),
  );

export async function customerContent(db: Database, whom: Whom) {
  const [newsletter, messages] = await Promise.all([
    db.select().from(newsletterSubscriptions).where(subscriptionOf(whom)),
    db.select().from(contactMessages).where(messagesOf(whom)).orderBy(asc(contactMessages.id)),
  ]);
  return { newsletter, messages };
}

/** Takes the customer off the newsletter and deletes the messages they wrote. */
export async function eraseCustomerContent(tx: Database, whom: Whom): Promise<void> {
  await tx.delete(newsletterSubscriptions).where(subscriptionOf(whom));
  await tx.delete(contactMessages).where(messagesOf(whom));
}
