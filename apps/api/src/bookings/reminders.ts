import { isLocale, type Locale, localized, REMINDER_HOURS_BEFORE } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { tellShopper } from "../diary/messages.ts";
import type { LinkKeys } from "../orders/links.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { storeById } from "../stores/service.ts";
import { manageTokenOf } from "./create.ts";
import { manageLinks } from "./messages.ts";
import { bookingRulesOf } from "./settings.ts";

/*
 * The reminder the day before (a sweeper step): every confirmed reservation and booking starting
 * within REMINDER_HOURS_BEFORE, of a shop whose reminders are on, is claimed by one atomic update
 * (`reminder_sent_at` set where it was still null) and its message queued in the same transaction.
 * Two processes sweeping at once each claim other rows: a reminder goes out once.
 */

const BATCH = 200;

type Claimed = {
  store_id: number;
  code: string;
  name_localizations: Record<string, string> | null;
  starts_at: Date | string;
  email: string;
  phone: string;
  language: string;
};
const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Reminders on, or no settings row (the default is on). */
const remindersOn = (alias: string) =>
  sql.raw(
    `coalesce((SELECT s.reminders FROM booking_settings s WHERE s.store_id = ${alias}.store_id), true)`,
  );

async function claim(tx: Tx, table: "reservations" | "bookings", services: string): Promise<Claimed[]> {
  const t = sql.raw(table);
  return rowsOf<Claimed>(
    await tx.execute(sql`
      WITH claimed AS (
        UPDATE ${t} SET reminder_sent_at = now()
        WHERE (store_id, id) IN (
          SELECT a.store_id, a.id FROM ${t} a
          WHERE a.status = 'confirmed' AND a.reminder_sent_at IS NULL
            AND a.starts_at > now() AND a.starts_at <= now() + make_interval(hours => ${REMINDER_HOURS_BEFORE})
            AND ${remindersOn("a")}
          ORDER BY a.starts_at
          LIMIT ${BATCH})
        AND reminder_sent_at IS NULL
        RETURNING store_id, service_id, code, starts_at, email, phone, language)
      SELECT c.store_id, c.code, c.starts_at, c.email, c.phone, c.language, s.name_localizations
      FROM claimed c LEFT JOIN ${sql.raw(services)} s ON s.store_id = c.store_id AND s.id = c.service_id`),
  );
}

/**
 * Sends the reminders now due; answers how many were claimed. With the link keys, a booking's
 * reminder carries its manage link (its token is derived from its code, never stored); a
 * reservation's token is not kept, so its reminder leads to the shop's reservations page.
 */
export async function sendDueReminders(
  db: Database,
  keys?: () => Promise<LinkKeys>,
): Promise<{ sent: number }> {
  // The key is read before the transaction opens (orders/links.ts).
  const manageKey = keys ? (await keys()).guestOrders : null;
  return db.transaction(async (tx) => {
    const due = [
      ...(await claim(tx, "reservations", "reservation_services")),
      ...(await claim(tx, "bookings", "booking_services")),
    ];
    const stores = new Map<number, { store: Awaited<ReturnType<typeof storeById>>; timezone: string }>();
    for (const row of due) {
      if (!stores.has(row.store_id)) {
        const store = await storeById(tx as unknown as Database, row.store_id);
        const rules = await bookingRulesOf(tx as unknown as Database, row.store_id);
        stores.set(row.store_id, { store, timezone: rules.timezone });
      }
      const shop = stores.get(row.store_id);
      if (!shop?.store) continue;
      const locale: Locale = isLocale(row.language) ? row.language : "en";
      const origin = storeOwnOrigin(shop.store);
      const booking = row.code.startsWith("B-");
      const link =
        booking && manageKey
          ? manageLinks(origin, manageTokenOf({ store: shop.store, origin, manageKey }, row.code)).manage
          : `${origin}${booking ? "/appointment" : "/reserve"}`;
      await tellShopper(tx as unknown as Database, shop.store, shop.timezone, row, {
        kind: "reminder",
        code: row.code,
        what: localized(row.name_localizations, locale),
        startsAt: new Date(row.starts_at),
        link,
      });
    }
    return { sent: due.length };
  });
}
