import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_KEY_HEADER, STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "../orders/tables.ts";
import { paymentEvents } from "../payments/tables.ts";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { tableWithTab } from "../test/bill-tabs.ts";
import { testHarness } from "../test/harness.ts";
import { APPROVED_CARD, openShop, type Shop } from "../test/shops.ts";
import { lockTab } from "./tab-view.ts";
import { tabLines, tableTabs, tabRounds } from "./tables.ts";

/**
 * Two API processes on one PostgreSQL: a share of a bill is paid once however many phones pay it at
 * the same moment, and a round racing the bill lands on it or is refused, never left unpaid.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("paying a table's bill across API processes", () => {
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    await testHarness();
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  async function send(i: number, shop: Shop, path: string, token: string, body?: unknown) {
    const api = processes[i % processes.length] as ApiProcess;
    const response = await fetch(`${api.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        [STORE_DOMAIN_HEADER]: shop.domain,
        [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope data and assert on it.
    return { status: response.status, ...((await response.json()) as { code: string; data: any }) };
  }

  async function capturesOf(shop: Shop): Promise<number> {
    const { handle } = await testHarness();
    const rows = await handle.db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.storeId, shop.id),
          eq(paymentEvents.kind, "capture"),
          eq(paymentEvents.result, "approved"),
        ),
      );
    return rows.length;
  }

  it("charges one of six phones paying the same even part at once", async () => {
    const shop = await openShop();
    const { diner } = await tableWithTab(shop, [[{ name: "Fish", price: 3000 }]]);
    const phones = await Promise.all(Array.from({ length: 6 }, (_, i) => diner(`Diner ${i + 1}`)));
    await send(0, shop, "/api/storeOrder/cateringOrderReady", phones[0] as string);
    const answers = await Promise.all(
      phones.map((token, i) =>
        send(i, shop, "/api/storeOrder/cateringOrderCheckout", token, {
          share: { kind: "even", parts: 2, part: 1 },
          way: "card",
          credit_card: APPROVED_CARD,
          tip_option: { type: "percent", value: 10 },
        }),
      ),
    );
    const codes = answers.map((a) => a.code).sort();
    expect(codes.filter((c) => c === "0")).toHaveLength(1);
    expect(codes.filter((c) => c === "3406")).toHaveLength(5);
    expect(await capturesOf(shop)).toBe(1);
  });

  it("charges one of six phones paying the whole bill at once, for the bill's total", async () => {
    const shop = await openShop();
    const { diner } = await tableWithTab(shop, [
      [
        { name: "Fish", price: 3000 },
        { name: "Wine", price: 1250 },
      ],
    ]);
    const phones = await Promise.all(Array.from({ length: 6 }, (_, i) => diner(`Diner ${i + 1}`)));
    await send(1, shop, "/api/storeOrder/cateringOrderReady", phones[0] as string);
    const answers = await Promise.all(
      phones.map((token, i) =>
        send(i, shop, "/api/storeOrder/cateringOrderCheckout", token, {
          share: { kind: "whole" },
          way: "card",
          credit_card: APPROVED_CARD,
        }),
      ),
    );
    const paid = answers.filter((a) => a.code === "0");
    expect(paid).toHaveLength(1);
    expect(paid[0]?.data.tab).toMatchObject({ status: "paid", paid: 4250, balance: 0 });
    expect(await capturesOf(shop)).toBe(1);
  });

  it("a round racing the bill lands on it or is refused: the bill, the order and the payment agree", async () => {
    const { handle } = await testHarness();
    const db = handle.db;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const shop = await openShop();
      const { diner, tab } = await tableWithTab(shop, [[{ name: "Fish", price: 3000 }]]);
      const maya = await diner("Maya");
      // A round as the round path adds one (decision 065): under the tab's lock, only while it is open.
      const round = db.transaction(async (tx) => {
        const locked = await lockTab(tx, shop.id, tab.id);
        if (locked.status !== "open") return "refused";
        const [added] = await tx
          .insert(tabRounds)
          .values({
            storeId: shop.id,
            tabId: tab.id,
            ticket: locked.nextTicket,
            roundKey: `race-${attempt}`,
            requestDigest: "d",
            status: "sent",
            dinerName: "Noa",
            sentAt: new Date(),
          })
          .returning();
        await tx.insert(tabLines).values({
          storeId: shop.id,
          tabId: tab.id,
          roundId: added?.id ?? 0,
          productId: shop.apple,
          name: "Dessert",
          sku: "d",
          unitPrice: 700,
          quantity: 1,
          lineTotal: 700,
          tax: 0,
          position: 0,
        });
        await tx
          .update(tableTabs)
          .set({ nextTicket: locked.nextTicket + 1 })
          .where(and(eq(tableTabs.storeId, shop.id), eq(tableTabs.id, tab.id)));
        return "added";
      });
      const [asked, added] = await Promise.all([
        send(attempt, shop, "/api/storeOrder/cateringOrderReady", maya),
        round,
      ]);
      expect(asked.code).toBe("0");
      const paid = await send(attempt + 1, shop, "/api/storeOrder/cateringOrderCheckout", maya, {
        share: { kind: "whole" },
        way: "card",
        credit_card: APPROVED_CARD,
      });
      expect(paid.code, JSON.stringify(paid)).toBe("0");
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.storeId, shop.id), eq(orders.orderNumber, paid.data.tab.orderNumber)));
      const lines = await db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.storeId, shop.id), eq(orderLines.orderId, order?.id ?? 0)));
      const expected = added === "added" ? 3700 : 3000;
      expect(lines.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(expected);
      expect(order?.totalAmount).toBe(expected);
      expect(paid.data.tab).toMatchObject({ goods: expected, paid: expected, status: "paid" });
    }
  });
});
