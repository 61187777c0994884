import { and, eq } from "drizzle-orm";
import { sha256 } from "../auth/crypto.ts";
import { issueDinerPass } from "../dine-in/passes.ts";
import { diningTables, tabLines, tablePasses, tableTabs, tabRounds } from "../dine-in/tables.ts";
import { testHarness } from "./harness.ts";
import type { Shop } from "./shops.ts";

/*
 * A seated table with rounds on its tab, written straight into the dine-in tables, so the bill's
 * tests do not hang on how rounds are sent; and diners' passes joined to the tab.
 */

let tableCounter = 0;

/** One dish of a round: its name and price, `quantity` of it. */
export type Dish = { name: string; price: number; quantity?: number };

export async function tableWithTab(shop: Shop, rounds: Dish[][], name = `Table ${++tableCounter}`) {
  const { handle } = await testHarness();
  const db = handle.db;
  const [table] = await db
    .insert(diningTables)
    .values({ storeId: shop.id, name, seats: 4, codeHash: `bill-${shop.id}-${name}-${Date.now()}` })
    .returning();
  if (!table) throw new Error("table not made");
  const [tab] = await db
    .insert(tableTabs)
    .values({ storeId: shop.id, tableId: table.id, currency: "USD", confirmedAt: new Date() })
    .returning();
  if (!tab) throw new Error("tab not made");
  const lineIds: number[] = [];
  for (const [i, dishes] of rounds.entries()) {
    const [round] = await db
      .insert(tabRounds)
      .values({
        storeId: shop.id,
        tabId: tab.id,
        ticket: i + 1,
        roundKey: `round-${tab.id}-${i}`,
        requestDigest: "d",
        status: "served",
        dinerName: "Maya",
        sentAt: new Date(),
      })
      .returning();
    if (!round) throw new Error("round not made");
    const lines = await db
      .insert(tabLines)
      .values(
        dishes.map((dish, position) => ({
          storeId: shop.id,
          tabId: tab.id,
          roundId: round.id,
          productId: shop.apple,
          name: dish.name,
          sku: `apple-${shop.id}`,
          unitPrice: dish.price,
          quantity: dish.quantity ?? 1,
          lineTotal: dish.price * (dish.quantity ?? 1),
          tax: 0,
          position,
        })),
      )
      .returning({ id: tabLines.id });
    lineIds.push(...lines.map((line) => line.id));
  }
  await db
    .update(tableTabs)
    .set({ nextTicket: rounds.length + 1 })
    .where(and(eq(tableTabs.storeId, shop.id), eq(tableTabs.id, tab.id)));
  /** A diner's in-store token, joined to the tab under this name (and signed in as this customer). */
  const diner = async (dinerName: string, customerId: number | null = null) => {
    const token = await issueDinerPass(db, {
      storeId: shop.id,
      tableId: table.id,
      tabId: tab.id,
      customerId,
    });
    await db
      .update(tablePasses)
      .set({ dinerName })
      .where(eq(tablePasses.tokenHash, sha256(token)));
    return token;
  };
  return { table, tab, lineIds, diner };
}
