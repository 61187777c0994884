import { describe, expect, it } from "vitest";
import { testHarness } from "../test/harness.ts";
import { openShop } from "../test/shops.ts";
import { readTab } from "./tab-view.ts";
import { diningTables, tabLines, tableTabs, tabRounds, tabShares } from "./tables.ts";

/** The one row an insert returned. */
function only<T>(rows: T[]): T {
  const [row] = rows;
  if (!row || rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
  return row;
}

describe("a tab as diners see it", () => {
  it("adds the lines not voided, and counts only paid shares as paid", async () => {
    const { handle } = await testHarness();
    const db = handle.db;
    const shop = await openShop();
    const table = only(
      await db
        .insert(diningTables)
        .values({ storeId: shop.id, name: "View 1", seats: 4, codeHash: `view-${shop.id}` })
        .returning(),
    );
    const tab = only(
      await db.insert(tableTabs).values({ storeId: shop.id, tableId: table.id, currency: "USD" }).returning(),
    );
    const round = only(
      await db
        .insert(tabRounds)
        .values({
          storeId: shop.id,
          tabId: tab.id,
          ticket: 1,
          roundKey: "round-key-1",
          requestDigest: "d",
          status: "sent",
          dinerName: "Maya",
        })
        .returning(),
    );
    const line = {
      storeId: shop.id,
      tabId: tab.id,
      roundId: round.id,
      productId: 1,
      name: "Soup",
      sku: "S",
      unitPrice: 500,
      quantity: 2,
      lineTotal: 1000,
      tax: 0,
    };
    await db.insert(tabLines).values([
      { ...line, position: 0 },
      { ...line, position: 1, voidedAt: new Date(), voidReason: "sent twice" },
    ]);
    const share = {
      storeId: shop.id,
      tabId: tab.id,
      kind: "even" as const,
      parts: 2,
      goods: 500,
      amount: 550,
      tip: 50,
      way: "card" as const,
      payerName: "Maya",
      requestDigest: "d",
    };
    await db.insert(tabShares).values([
      { ...share, part: 1, status: "paid", idempotencyKey: "k1" },
      { ...share, part: 2, status: "paying", idempotencyKey: "k2" },
    ]);

    const seen = await readTab(db, shop.id, tab.id, "Maya");
    expect(seen).toMatchObject({
      table: { name: "View 1", seats: 4 },
      status: "open",
      confirmed: false,
      goods: 1000,
      total: 1000,
      paid: 500,
      tips: 50,
      balance: 500,
      you: "Maya",
      orderNumber: null,
    });
    expect(seen.rounds).toHaveLength(1);
    expect(seen.rounds[0]).toMatchObject({ ticket: 1, dinerName: "Maya", total: 1000 });
    expect(seen.rounds[0]?.lines.map((l) => l.voided)).toEqual([false, true]);
    expect(seen.shares.map((s) => s.status)).toEqual(["paid", "paying"]);
  });
});
