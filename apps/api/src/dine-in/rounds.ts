import { createHash } from "node:crypto";
import {
  type AddRoundBody,
  ERRORS,
  includedTax,
  type Locale,
  type RoundLineInput,
  type Tab,
} from "@stoa/contract";
import { cartProductsById } from "../catalogue/products.ts";
import { reserveStock } from "../inventory/service.ts";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { ApiError } from "../platform/http/errors.ts";
import { pricingSettingsOf } from "../pricing/checkout-settings.ts";
import { type Priced, priceLine } from "../pricing/service.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { Diner } from "./passes.ts";
import { lockTab, readTab } from "./tab-view.ts";
import { joinTab, openOrJoinTableTab } from "./tabs.ts";

/*
 * A round (decision 065): inserted whole under the tab's lock with the key the phone made for it.
 * Its lines are priced by the server exactly as checkout prices a cart line, its stock taken by
 * the same conditional statements an order takes it with, and its ticket is the tab's next.
 */

/** The round's dishes as a fingerprint: the same key sent again must carry the same dishes. */
export function roundDigest(lines: readonly RoundLineInput[]): string {
  const canonical = lines.map((line) => [
    line.productId,
    line.variationId,
    Object.entries(line.addOns)
      .map(([group, items]) => [group, [...items].sort()] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    line.quantity,
    line.note,
  ]);
  return createHash("sha256").update(JSON.stringify(canonical)).digest("base64url");
}

type DishRow = { id: number; dine_in: boolean; snoozed: boolean };

/** Whether each product is on the dine-in menu and not snoozed by the kitchen. */
const dishes = statement<DishRow>(
  "dine_in_round_dishes",
  `SELECT p.id, p.dine_in,
          EXISTS (SELECT 1 FROM dish_snoozes s WHERE s.store_id = p.store_id AND s.product_id = p.id) AS snoozed
     FROM products p WHERE p.store_id = $1 AND p.id = ANY($2::int[])`,
);

/**
 * Lines a table may not have now, as field errors naming each line (`lines.2.productId`): not on the
 * dine-in menu, snoozed, or not sellable as checkout sees it (unavailable, a variation or add-on
 * that does not fit, sold out).
 */
export function unavailableLines(
  priced: readonly Priced[],
  dishRows: readonly DishRow[],
): Record<string, string> {
  const byId = new Map(dishRows.map((row) => [row.id, row]));
  const errors: Record<string, string> = {};
  priced.forEach((p, i) => {
    const dish = byId.get(p.line.productId);
    if (!p.sellable || !dish?.dine_in || dish.snoozed)
      errors[`lines.${i}.productId`] = ERRORS.DISH_UNAVAILABLE.key;
  });
  return errors;
}

const existingRound = statement<{ request_digest: string }>(
  "dine_in_round_by_key",
  "SELECT request_digest FROM tab_rounds WHERE store_id = $1 AND tab_id = $2 AND round_key = $3",
);

/**
 * The round, its lines and the tab's next ticket and version in one statement (one round trip under
 * the tab's lock): $1 store, $2 tab, $3 ticket, $4 key, $5 digest, $6 status, $7 diner, $8 lines.
 */
const writeRound = statement<{ id: number }>(
  "dine_in_write_round",
  `WITH round AS (
     INSERT INTO tab_rounds (store_id, tab_id, ticket, round_key, request_digest, status, diner_name, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $6 = 'sent' THEN now() END)
     RETURNING id
   ), lines AS (
     INSERT INTO tab_lines (store_id, tab_id, round_id, product_id, variation_id, add_ons, name, sku, options,
                            note, unit_price, quantity, line_total, tax, position)
     SELECT $1, $2, round.id, l.product_id, l.variation_id, l.add_ons, l.name, l.sku, l.options,
            l.note, l.unit_price, l.quantity, l.line_total, l.tax, l.position
       FROM round, jsonb_to_recordset($8::jsonb) AS l(product_id int, variation_id int, add_ons jsonb,
            name text, sku text, options jsonb, note text, unit_price int, quantity int, line_total int,
            tax int, position int)
     RETURNING round_id
   )
   UPDATE table_tabs
      SET next_ticket = next_ticket + 1, version = version + 1, last_round_at = now(), updated_at = now()
    WHERE store_id = $1 AND id = $2
   RETURNING (SELECT id FROM round) AS id`,
);

type RoundCaller = { store: StoreRow; locale: Locale };

/**
 * `add/storeCateringOrderItem`. A diner who has not joined a tab yet joins the table's (opening it
 * when none is open) under "Guest n", as `create/cateringOrder` would: a phone that lost the join's
 * answer still gets its round in, and the round says who sent it.
 */
export async function addRound(
  db: Database,
  caller: RoundCaller,
  diner: Diner,
  body: AddRoundBody,
): Promise<Tab> {
  const storeId = caller.store.id;
  const digest = roundDigest(body.lines);
  // What the dishes cost and whether the table may have them is read before the tab's lock, which
  // is then held only while the round is written (every round of a busy table waits for it).
  const ids = body.lines.map((line) => line.productId);
  const [catalogue, dishRows, settings] = await Promise.all([
    cartProductsById(db, caller.store, ids, caller.locale),
    run(db, dishes, [storeId, [...new Set(ids)]]),
    pricingSettingsOf(db, storeId),
  ]);
  const priced = body.lines.map((line) =>
    priceLine(
      {
        productId: line.productId,
        variationId: line.variationId ?? undefined,
        addOns: line.addOns,
        quantity: line.quantity,
      },
      catalogue,
    ),
  );
  const written = await db.transaction(async (tx) => {
    const q = tx as unknown as Database;
    const tab =
      diner.tabId !== null
        ? await lockTab(tx, storeId, diner.tabId)
        : await openOrJoinTableTab(tx, storeId, diner.tableId);
    const you =
      diner.tabId === tab.id && diner.dinerName !== null
        ? diner.dinerName
        : await joinTab(tx, diner, tab, "", caller.locale);
    // A double tap or a retry finds its round already in: the same answer, never a second round.
    const [sent] = await run(q, existingRound, [storeId, tab.id, body.roundKey]);
    if (sent) {
      if (sent.request_digest !== digest) throw new ApiError("ROUND_KEY_REUSED");
      return { tabId: tab.id, you };
    }
    if (tab.status !== "open") throw new ApiError("TAB_NOT_OPEN");
    const unavailable = unavailableLines(priced, dishRows);
    if (Object.keys(unavailable).length > 0) throw new ApiError("DISH_UNAVAILABLE", unavailable);

    const stockLines = body.lines.map(({ productId, variationId, quantity }) => ({
      productId,
      variationId,
      quantity,
    }));
    const short = await reserveStock(q, storeId, stockLines);
    if (short.length > 0) {
      const errors: Record<string, string> = {};
      body.lines.forEach((line, i) => {
        if (short.some((s) => s.productId === line.productId && s.variationId === line.variationId))
          errors[`lines.${i}.quantity`] = ERRORS.OUT_OF_STOCK.key;
      });
      throw new ApiError("OUT_OF_STOCK", errors, undefined, { shortfalls: short });
    }

    // Until staff confirm the table, its rounds wait: nothing reaches the kitchen unseen.
    const status = tab.confirmedAt !== null ? "sent" : "held";
    const lines = priced.map((p, position) => {
      const line = body.lines[position] as RoundLineInput;
      // Menu prices are what diners pay: a line's tax is the part of its price that is tax.
      const rate = p.taxRateBp ?? settings.taxRateBp;
      return {
        product_id: line.productId,
        variation_id: line.variationId,
        add_ons: p.line.addOns,
        name: p.line.name,
        sku: p.line.sku,
        options: p.line.options,
        note: line.note,
        unit_price: p.line.unitPrice,
        quantity: line.quantity,
        line_total: p.line.lineTotal,
        tax: includedTax(p.line.lineTotal, rate),
        position,
      };
    });
    await run(q, writeRound, [
      storeId,
      tab.id,
      tab.nextTicket,
      body.roundKey,
      digest,
      status,
      you,
      JSON.stringify(lines),
    ]);
    return { tabId: tab.id, you };
  });
  // Read once the lock is let go: the tab as it stands, this round and any sent meanwhile in it.
  return readTab(db, storeId, written.tabId, written.you);
}
