import type { Locale, StockAlert } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import { THROTTLES, throttle } from "../auth/throttle.ts";
import { enqueueComposed, outboxMessage } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { storeById } from "../stores/service.ts";
import { stockAlerts } from "./tables.ts";

/** The rows of a raw statement (both drivers answer `{ rows }`). */
const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Who asks: the language to answer in, the client's address, and a proved email of theirs, if any. */
export type Asker = { locale: Locale; ip: string; provedEmail: string | null };

/** Whether a product (or its variation) can be bought now: available, with stock. */
const inStockNow = (storeId: number, productId: number, variationId: number) =>
  variationId === 0
    ? sql`EXISTS (SELECT 1 FROM products p WHERE p.store_id = ${storeId} AND p.id = ${productId} AND p.is_available AND p.stock > 0)`
    : sql`EXISTS (SELECT 1 FROM products p JOIN product_variations v ON v.store_id = p.store_id AND v.product_id = p.id
        WHERE p.store_id = ${storeId} AND p.id = ${productId} AND v.id = ${variationId}
          AND p.is_available AND v.is_available AND v.stock > 0)`;

/**
 * `POST /api/storeProduct/stockAlert`: the address waits for the product (or the variation named;
 * a product sold by variation needs one) to be back. Asking again while it waits answers the same;
 * asking while it is in stock is IN_STOCK_ALREADY. Stock that comes back between the check and the
 * insert makes the alert due at once, so no return is missed.
 */
export async function askForStockAlert(
  db: Database,
  storeId: number,
  body: { productId: number; variationId?: number; email: string },
  asker: Asker,
): Promise<StockAlert> {
  await throttle(db, `stock-alert:ip:${asker.ip}`, THROTTLES.stockAlertPerIp);
  await throttle(db, `stock-alert:to:${body.email}`, THROTTLES.stockAlertPerAddress);
  // The catalogue's tables are read by name: this module asks, in SQL, what its own statements need.
  const [product] = rowsOf<{ variationCount: number }>(
    await db.execute(
      sql`SELECT variation_count AS "variationCount" FROM products WHERE store_id = ${storeId} AND id = ${body.productId}`,
    ),
  );
  if (!product) throw new ApiError("NOT_FOUND");
  const variationId = body.variationId ?? 0;
  if (product.variationCount > 0 && variationId === 0)
    throw new ApiError("INVALID_INPUT", { variationId: "error-field-required" });
  if (variationId !== 0) {
    const [variation] = rowsOf<{ id: number }>(
      await db.execute(
        sql`SELECT id FROM product_variations
          WHERE store_id = ${storeId} AND product_id = ${body.productId} AND id = ${variationId}`,
      ),
    );
    if (!variation) throw new ApiError("NOT_FOUND");
  }
  const [{ inStock } = { inStock: false }] = rowsOf<{ inStock: boolean }>(
    await db.execute(sql`SELECT ${inStockNow(storeId, body.productId, variationId)} AS "inStock"`),
  );
  if (inStock) throw new ApiError("IN_STOCK_ALREADY");
  await db.execute(sql`
    INSERT INTO ${stockAlerts} (store_id, product_id, variation_id, email, locale, proved, due_at)
    VALUES (${storeId}, ${body.productId}, ${variationId}, ${body.email}, ${asker.locale},
      ${asker.provedEmail === body.email},
      CASE WHEN ${inStockNow(storeId, body.productId, variationId)} THEN now() END)
    ON CONFLICT (store_id, product_id, variation_id, email) WHERE sent_at IS NULL DO NOTHING`);
  return {
    email: body.email,
    productId: body.productId,
    variationId: variationId === 0 ? null : variationId,
  };
}

/** How many due alerts one pass sends at most; the next pass takes the rest. */
const BATCH = 100;

/**
 * Sends the alerts that are due, once each: the rows are locked (SKIP LOCKED, so two API processes
 * share the work and never send one twice), the message is queued and the alert marked sent in one
 * transaction. An alert whose product sold out again before its turn waits for the next return.
 */
export async function sendDueStockAlerts(db: Database): Promise<{ sent: number; waiting: number }> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{
      store_id: number;
      id: number;
      product_id: number;
      variation_id: number;
      email: string;
      locale: Locale;
      proved: boolean;
      in_stock: boolean;
      names: Record<string, string> | null;
    }>(
      await tx.execute(sql`
      SELECT a.store_id, a.id, a.product_id, a.variation_id, a.email, a.locale, a.proved,
        p.name_localizations AS names,
        (p.is_available AND CASE WHEN a.variation_id = 0 THEN p.stock > 0
          ELSE coalesce((SELECT v.is_available AND v.stock > 0 FROM product_variations v
            WHERE v.store_id = a.store_id AND v.product_id = a.product_id AND v.id = a.variation_id), false) END
        ) IS TRUE AS in_stock
      FROM ${stockAlerts} a
      LEFT JOIN products p ON p.store_id = a.store_id AND p.id = a.product_id
      WHERE a.due_at IS NOT NULL AND a.sent_at IS NULL
      ORDER BY a.due_at
      LIMIT ${BATCH}
      FOR UPDATE OF a SKIP LOCKED`),
    );
    let sent = 0;
    let waiting = 0;
    const stores = new Map<number, Awaited<ReturnType<typeof storeById>>>();
    for (const alert of rows) {
      const where = and(eq(stockAlerts.storeId, alert.store_id), eq(stockAlerts.id, alert.id));
      if (!alert.in_stock || !alert.names) {
        await tx.update(stockAlerts).set({ dueAt: null }).where(where);
        waiting += 1;
        continue;
      }
      if (!stores.has(alert.store_id)) stores.set(alert.store_id, await storeById(tx, alert.store_id));
      const store = stores.get(alert.store_id);
      if (!store) continue;
      const variation = alert.variation_id === 0 ? "" : `?variation=${alert.variation_id}`;
      const message = outboxMessage(
        store,
        "email",
        alert.email,
        {
          kind: "backInStock",
          productName: alert.names[alert.locale] || alert.names.en || "",
          link: `${storeOwnOrigin(store)}/products/${alert.product_id}${variation}`,
        },
        alert.locale,
      );
      await enqueueComposed(tx, alert.store_id, { ...message, unverifiedRecipient: !alert.proved });
      await tx.update(stockAlerts).set({ sentAt: sql`now()` }).where(where);
      sent += 1;
    }
    return { sent, waiting };
  });
}
