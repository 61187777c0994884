import { and, eq, inArray } from "drizzle-orm";
import { products } from "../catalogue/tables.ts";
import { issueDinerPass } from "../dine-in/passes.ts";
import { diningTables } from "../dine-in/tables.ts";
import { client } from "./accounts.ts";
import { testHarness } from "./harness.ts";
import type { Shop } from "./shops.ts";

let tableCounter = 0;

/**
 * A test shop made a restaurant for the tab tests: its apple and tee are on the dine-in menu, and
 * `table()` adds a table whose `diner()` is a fresh in-store pass of it (as a scan would answer).
 */
export async function restaurantOf(shop: Shop) {
  const { handle } = await testHarness();
  const db = handle.db;
  await db
    .update(products)
    .set({ dineIn: true })
    .where(and(eq(products.storeId, shop.id), inArray(products.id, [shop.apple, shop.tee.id])));
  const table = async (name?: string, active = true) => {
    tableCounter += 1;
    const [row] = await db
      .insert(diningTables)
      .values({
        storeId: shop.id,
        name: name ?? `Table ${tableCounter}`,
        seats: 4,
        active,
        codeHash: `test-${shop.id}-${tableCounter}-${process.pid}`,
      })
      .returning({ id: diningTables.id });
    if (!row) throw new Error("table not created");
    return row.id;
  };
  const diner = async (tableId: number, customerId: number | null = null) => {
    const token = await issueDinerPass(db, { storeId: shop.id, tableId, tabId: null, customerId });
    const api = client(shop.domain);
    const as = (method: string, path: string, body?: unknown, locale?: string) =>
      api(method, path, { token, body, locale });
    return {
      token,
      open: (dinerName = "", locale?: string) =>
        as("POST", "/api/storeOrder/create/cateringOrder", { dinerName }, locale),
      round: (roundKey: string, lines: unknown[]) =>
        as("POST", "/api/storeOrder/add/storeCateringOrderItem", { roundKey, lines }),
      tab: () => as("GET", "/api/storeOrder/detail/cateringOrder"),
    };
  };
  return { db, table, diner };
}
