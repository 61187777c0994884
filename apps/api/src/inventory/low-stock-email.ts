import { toLocale } from "@stoa/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { lowProductsNow } from "../catalogue/staff-stock.ts";
import { enqueueComposed, outboxMessage } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { staffAddresses } from "../staff/members.ts";
import { storeById } from "../stores/service.ts";
import { lowStockNotices } from "./tables.ts";

/** How many waiting notices one pass takes at most; the next pass takes the rest. */
const BATCH = 200;

/**
 * Emails each shop's staff about the products that fell to or under their low-stock threshold
 * since the last pass: one email per shop and pass, listing them. The notices are locked
 * (SKIP LOCKED: two API processes share the work and never send one twice), the email queued and
 * the notices marked sent in one transaction. A product restocked above its threshold before its
 * turn is left out of the email; a shop without staff to tell is marked sent all the same.
 */
export async function sendLowStockEmails(
  db: Database,
  /** One shop's notices only (a test's own shop); every shop's otherwise. */
  onlyStore?: number,
): Promise<{ emails: number }> {
  return db.transaction(async (tx) => {
    const rows = (
      (await tx.execute(sql`
        SELECT store_id, id, product_id FROM ${lowStockNotices}
        WHERE sent_at IS NULL ${onlyStore === undefined ? sql`` : sql`AND store_id = ${onlyStore}`}
        ORDER BY created_at LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`)) as unknown as {
        rows: { store_id: number; id: number; product_id: number }[];
      }
    ).rows;
    const byStore = new Map<number, { ids: number[]; products: Set<number> }>();
    for (const row of rows) {
      const waiting = byStore.get(row.store_id) ?? { ids: [], products: new Set<number>() };
      waiting.ids.push(row.id);
      waiting.products.add(row.product_id);
      byStore.set(row.store_id, waiting);
    }
    let emails = 0;
    for (const [storeId, waiting] of byStore) {
      const store = await storeById(tx, storeId);
      const low = store ? await lowProductsNow(tx, storeId, [...waiting.products]) : [];
      if (store && low.length > 0) {
        // Written in the shop's first language: its staff read it.
        const locale = toLocale(store.languages[0]);
        for (const recipient of await staffAddresses(tx, storeId)) {
          const message = outboxMessage(
            store,
            "email",
            recipient,
            {
              kind: "lowStock",
              products: low.map((p) => ({
                name: p.name[locale] || p.name.en || "",
                sku: p.sku,
                stock: p.stock,
              })),
              link: `${storeOwnOrigin(store)}/staff/stock?filter=low`,
            },
            locale,
          );
          await enqueueComposed(tx, storeId, message);
        }
        emails += 1;
      }
      await tx
        .update(lowStockNotices)
        .set({ sentAt: sql`now()` })
        .where(and(eq(lowStockNotices.storeId, storeId), inArray(lowStockNotices.id, waiting.ids)));
    }
    return { emails };
  });
}
