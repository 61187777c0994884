import { isLocale, type Locale, localized } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { enqueueComposed } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { storeById } from "../stores/service.ts";

/*
 * The review request email (a sweeper step, decision 068): one email per delivered order, once,
 * `request_delay_days` after it was delivered, in shops that turned it on. Each order is claimed by
 * inserting its review_requests row (INSERT … ON CONFLICT DO NOTHING RETURNING) in the transaction
 * that queues the email: two processes sweeping at once claim other orders, and an order is never
 * asked about twice. Orders delivered more than LOOK_BACK_DAYS past their delay are not asked about:
 * a shop turning the email on does not mail its whole history.
 */

const BATCH = 200;
const LOOK_BACK_DAYS = 14;

type Claimed = {
  store_id: number;
  order_id: number;
  order_number: number;
  locale: string;
  email: string | null;
  first_name: string;
};

const TEXTS: Record<
  Locale,
  { subject: (shop: string) => string; body: (name: string, number: number, link: string) => string }
> = {
  en: {
    subject: (shop) => `How was your order from ${shop}?`,
    body: (name, number, link) =>
      `Hello ${name},\n\nYour order #${number} arrived a few days ago. Other shoppers would love to know what you think: rate what you bought, add a photo if you like.\n\n${link}\n\nThank you!`,
  },
  ar: {
    subject: (shop) => `كيف كان طلبك من ${shop}؟`,
    body: (name, number, link) =>
      `مرحبًا ${name}،\n\nوصل طلبك رقم ${number} قبل أيام. يسعد المتسوقين الآخرين أن يعرفوا رأيك: قيّم ما اشتريته وأضف صورة إن أحببت.\n\n${link}\n\nشكرًا لك!`,
  },
  he: {
    subject: (shop) => `איך הייתה ההזמנה שלך מ־${shop}?`,
    body: (name, number, link) =>
      `שלום ${name},\n\nההזמנה שלך מס׳ ${number} הגיעה לפני כמה ימים. קונים אחרים ישמחו לדעת מה דעתך: דרגו את מה שקניתם והוסיפו תמונה אם תרצו.\n\n${link}\n\nתודה!`,
  },
};

/** The longest an order takes from being placed to being delivered, for the sweep's range. */
const ORDER_TO_DELIVERY_DAYS = 60;

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

export async function sendReviewRequests(db: Database): Promise<{ sent: number; claimed: number }> {
  return db.transaction(async (tx) => {
    const claimed = rowsOf<Claimed>(
      await tx.execute(sql`
        WITH due AS (
          SELECT o.store_id, o.id
          FROM review_settings s
          -- Only orders placed recently enough to have been delivered inside the look-back (an
          -- order reaches its shopper within ORDER_TO_DELIVERY_DAYS): the status index's range,
          -- not the shop's whole history, on every tick.
          JOIN orders o ON o.store_id = s.store_id AND o.status = 'delivered'
            AND o.created_at > now() - make_interval(days => s.request_delay_days + ${LOOK_BACK_DAYS + ORDER_TO_DELIVERY_DAYS})
          JOIN LATERAL (
            SELECT max(e.at) AS delivered_at FROM order_events e
            WHERE e.store_id = o.store_id AND e.order_id = o.id AND e.status = 'delivered') d ON true
          WHERE s.request_email
            AND d.delivered_at <= now() - make_interval(days => s.request_delay_days)
            AND d.delivered_at > now() - make_interval(days => s.request_delay_days + ${LOOK_BACK_DAYS})
            AND NOT EXISTS (SELECT 1 FROM review_requests r WHERE r.store_id = o.store_id AND r.order_id = o.id)
          LIMIT ${BATCH}),
        claimed AS (
          INSERT INTO review_requests (store_id, order_id)
          SELECT store_id, id FROM due
          ON CONFLICT DO NOTHING
          RETURNING store_id, order_id)
        SELECT c.store_id, c.order_id, o.order_number, o.locale, cu.email, cu.first_name
        FROM claimed c
        JOIN orders o ON o.store_id = c.store_id AND o.id = c.order_id
        JOIN customers cu ON cu.store_id = o.store_id AND cu.id = o.customer_id
          AND cu.kind = 'customer' AND cu.email_verified_at IS NOT NULL`),
    );
    let sent = 0;
    const stores = new Map<number, Awaited<ReturnType<typeof storeById>>>();
    for (const row of claimed) {
      if (!row.email) continue;
      if (!stores.has(row.store_id))
        stores.set(row.store_id, await storeById(tx as unknown as Database, row.store_id));
      const store = stores.get(row.store_id);
      if (!store) continue;
      const locale: Locale = isLocale(row.locale) ? row.locale : "en";
      const text = TEXTS[locale];
      const link = `${storeOwnOrigin(store)}/orders/${row.order_id}`;
      await enqueueComposed(tx as unknown as Database, row.store_id, {
        channel: "email",
        recipient: row.email,
        subject: text.subject(localized(store.nameLocalizations, locale)),
        body: text.body(row.first_name || "", row.order_number, link),
      });
      sent += 1;
    }
    return { sent, claimed: claimed.length };
  });
}
