import { STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { restaurantOf } from "../test/dine-in-tabs.ts";
import { testHarness } from "../test/harness.ts";
import { openShop, type Shop } from "../test/shops.ts";
import { tableTabs, tabRounds } from "./tables.ts";

/**
 * Two API processes on one PostgreSQL, as behind a load balancer: a table's diners open one tab and
 * add rounds to it at once from their phones, and nothing is lost or counted twice (decision 065).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("a table's tab across API processes", () => {
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    await testHarness();
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  /** A diner's call sent straight to one of the processes, as the storefront's servers would. */
  async function send(i: number, shop: Shop, token: string, path: string, body: unknown) {
    const api = processes[i % processes.length] as ApiProcess;
    const response = await fetch(`${api.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        [STORE_DOMAIN_HEADER]: shop.domain,
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      ...((await response.json()) as { code: string; data: { id: number } }),
    };
  }

  it("keeps every round of 20 diners sending at once: tickets 1 to 20, the total exact", async () => {
    const shop = await openShop();
    const { table, diner, db } = await restaurantOf(shop);
    const tableId = await table();
    const diners = await Promise.all(Array.from({ length: 20 }, () => diner(tableId)));
    const answers = await Promise.all(
      diners.map((d, i) =>
        send(i, shop, d.token, "/api/storeOrder/add/storeCateringOrderItem", {
          roundKey: `crowd-round-${i}`,
          lines: [{ productId: shop.apple, quantity: (i % 3) + 1 }],
        }),
      ),
    );
    expect(answers.map((a) => [a.status, a.code])).toEqual(answers.map(() => [200, "0"]));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const rounds = await db
      .select({ ticket: tabRounds.ticket })
      .from(tabRounds)
      .where(eq(tabRounds.storeId, shop.id));
    expect(rounds.map((r) => r.ticket).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const tab = await diners[0]?.tab();
    const units = Array.from({ length: 20 }, (_, i) => (i % 3) + 1).reduce((a, b) => a + b, 0);
    expect(tab?.json.data.goods).toBe(units * 250);
    expect(await shop.stockOf(shop.apple)).toBe(100 - units);
  });

  it("opens one tab for 10 first diners at once", async () => {
    const shop = await openShop();
    const { table, diner, db } = await restaurantOf(shop);
    const tableId = await table();
    const diners = await Promise.all(Array.from({ length: 10 }, () => diner(tableId)));
    const answers = await Promise.all(
      diners.map((d, i) => send(i, shop, d.token, "/api/storeOrder/create/cateringOrder", {})),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const [tabs] = await db
      .select({ n: count() })
      .from(tableTabs)
      .where(and(eq(tableTabs.storeId, shop.id), eq(tableTabs.tableId, tableId)));
    expect(tabs?.n).toBe(1);
  });
});
