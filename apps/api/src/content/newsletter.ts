import { THROTTLES, throttle } from "../auth/throttle.ts";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { Sender } from "./contact.ts";
import { newsletterSubscriptions } from "./tables.ts";

/**
 * `POST /api/storeSubscription/add`: puts the address on the shop's list once. Whether it was there
 * already, the answer is the same, so the call tells nobody who else subscribed; a repeat keeps
 * the first subscription's language and customer.
 */
export async function subscribeToNewsletter(
  db: Database,
  store: StoreRow,
  email: string,
  sender: Sender,
): Promise<{ email: string; subscribed: true }> {
  await throttle(db, `newsletter:ip:${sender.ip}`, THROTTLES.newsletterPerIp);
  await db
    .insert(newsletterSubscriptions)
    .values({ storeId: store.id, email, locale: sender.locale, customerId: sender.customerId })
    .onConflictDoNothing({ target: [newsletterSubscriptions.storeId, newsletterSubscriptions.email] });
  return { email, subscribed: true };
}
