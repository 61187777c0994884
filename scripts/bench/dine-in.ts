// Rounds sent to tables' tabs (issue 34): the bench store gets tables, dine-in dishes and diners'
// in-store passes written straight to the database (a scan per diner would only measure the scan),
// and each round is a request of its own with a round key never sent before.
import { createHash, randomBytes } from "node:crypto";
import type { AddRoundBody } from "@stoa/contract";
import type { DatabaseHandle } from "../../apps/api/src/platform/db/database.ts";

/** Dishes on the bench store's dine-in menu, stocked so no round runs short. */
const DISHES = 200;
/**
 * Rounds one tab takes before its party is another: a real tab holds tens of rounds, and every
 * round answers the whole tab, so a tab grown to thousands would measure the answer's size.
 */
export const ROUNDS_PER_TAB = 40;
/** Tables served at once in the many-tables load. */
export const TABLES_AT_ONCE = 50;
/** Diners per table, each with a pass of their own. */
const DINERS_PER_TABLE = 4;
/** Distinct rounds per load (each key is sent once; a key sent again would only be answered again). */
const ROUNDS_PER_LOAD = 24_000;

export type RoundRequest = { token: string; body: string };

export type DineInLoad = {
  /** Every in-flight round on one tab (a tab changes only every ROUNDS_PER_TAB rounds). */
  oneTab: RoundRequest[];
  /** Rounds spread over 50 tables' tabs at once, in turn. */
  manyTables: RoundRequest[];
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Tables named `<prefix> n` (made once, kept across runs), with a confirmed tab each and its diners' passes. */
async function seatedTables(
  handle: DatabaseHandle,
  storeId: number,
  prefix: string,
  count: number,
): Promise<string[][]> {
  await handle.query(
    `INSERT INTO dining_tables (store_id, name, area, seats, code_hash)
     SELECT $1::int, $2::text || ' ' || g, $2::text, 4, 'bench-' || $1::int || '-' || $2::text || '-' || g
       FROM generate_series(1, $3::int) g
     ON CONFLICT DO NOTHING`,
    [storeId, prefix, count],
  );
  const tables = await handle.query<{ id: number }>(
    `SELECT id FROM dining_tables WHERE store_id = $1 AND area = $2
     ORDER BY length(name), name LIMIT $3`,
    [storeId, prefix, count],
  );
  const tabs = await handle.query<{ id: number; table_id: number }>(
    `INSERT INTO table_tabs (store_id, table_id, currency, confirmed_at, diner_count)
     SELECT $1::int, t, s.currency, now(), $3::int FROM unnest($2::int[]) t, stores s WHERE s.id = $1::int
     RETURNING id, table_id`,
    [storeId, tables.map((t) => t.id), DINERS_PER_TABLE],
  );
  const tabOf = new Map(tabs.map((tab) => [tab.table_id, tab.id]));
  const passes = tables.map((table) =>
    Array.from({ length: DINERS_PER_TABLE }, (_, i) => ({
      token: randomBytes(32).toString("base64url"),
      tableId: table.id,
      tabId: tabOf.get(table.id) as number,
      name: `Diner ${i + 1}`,
    })),
  );
  const all = passes.flat();
  await handle.query(
    `INSERT INTO table_passes (token_hash, store_id, table_id, tab_id, diner_name, expires_at)
     SELECT h, $1, t, tab, n, now() + interval '2 hours'
       FROM unnest($2::text[], $3::int[], $4::int[], $5::text[]) AS p(h, t, tab, n)`,
    [
      storeId,
      all.map((p) => sha256(p.token)),
      all.map((p) => p.tableId),
      all.map((p) => p.tabId),
      all.map((p) => p.name),
    ],
  );
  return passes.map((table) => table.map((pass) => pass.token));
}

/** A round of one to three dishes, one to three of each, under a key never sent before. */
function roundBody(run: string, n: number, dishes: number[]): string {
  const lines = Array.from({ length: 1 + (n % 3) }, (_, i) => ({
    productId: dishes[(n * 7 + i * 13) % dishes.length] as number,
    quantity: 1 + ((n + i) % 3),
    note: i === 0 && n % 5 === 0 ? "no onions" : "",
  }));
  const body: AddRoundBody = {
    roundKey: `bench-${run}-${n}`,
    lines: lines.map((line) => ({ ...line, variationId: null, addOns: {} })),
  };
  return JSON.stringify(body);
}

/**
 * Prepares the dine-in loads: the bench store's first plain products become dishes with ample stock,
 * every tab earlier runs left open is closed, and tables are seated for this run.
 */
export async function prepareDineIn(
  handle: DatabaseHandle,
  storeId: number,
  note: (line: string) => void,
): Promise<DineInLoad> {
  const dishes = (
    await handle.query<{ id: number }>(
      `UPDATE products SET dine_in = true, stock = 1000000000, is_available = true
        WHERE store_id = $1 AND id IN (
          SELECT id FROM products WHERE store_id = $1 AND variation_count = 0 AND add_on_groups = '[]'::jsonb
             AND NOT is_digital AND NOT is_gift_card ORDER BY id LIMIT $2)
       RETURNING id`,
      [storeId, DISHES],
    )
  ).map((row) => row.id);
  await handle.query(
    `UPDATE table_tabs SET status = 'closed', closed_at = now(), close_reason = 'bench'
      WHERE store_id = $1 AND status IN ('open', 'billing')`,
    [storeId],
  );
  await handle.query("DELETE FROM dish_snoozes WHERE store_id = $1", [storeId]);
  const parties = ROUNDS_PER_LOAD / ROUNDS_PER_TAB;
  const run = randomBytes(6).toString("base64url");
  const oneTabTables = await seatedTables(handle, storeId, "BenchOne", parties);
  const oneTab = Array.from({ length: ROUNDS_PER_LOAD }, (_, n) => {
    const diners = oneTabTables[Math.floor(n / ROUNDS_PER_TAB)] as string[];
    return { token: diners[n % diners.length] as string, body: roundBody(`${run}-one`, n, dishes) };
  });
  const manyTables = await seatedTables(handle, storeId, "BenchMany", parties);
  const many = Array.from({ length: ROUNDS_PER_LOAD }, (_, n) => {
    // 50 tables at once; each takes ROUNDS_PER_TAB rounds, then the next 50 are served.
    const wave = Math.floor(n / (TABLES_AT_ONCE * ROUNDS_PER_TAB));
    const diners = manyTables[wave * TABLES_AT_ONCE + (n % TABLES_AT_ONCE)] as string[];
    return {
      token: diners[Math.floor(n / TABLES_AT_ONCE) % diners.length] as string,
      body: roundBody(`${run}-many`, n, dishes),
    };
  });
  note(`dine-in: ${dishes.length} dishes, ${parties} tables per load, ${ROUNDS_PER_LOAD} rounds each`);
  return { oneTab, manyTables: many };
}
