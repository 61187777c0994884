import { ERROR_MESSAGES, type StaffStockAdjustBody } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../platform/http/errors.ts";
import { storeById } from "../stores/service.ts";
import { client, inbox, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { sendLowStockEmails } from "./low-stock-email.ts";
import { reserveStock } from "./service.ts";
import { adjustStock } from "./staff-stock.ts";
import { stockMovements } from "./tables.ts";

beforeAll(async () => {
  await testHarness();
});

const db = async () => (await testHarness()).handle.db;

const adjust = (body: Partial<StaffStockAdjustBody> & { productId: number }) => ({
  reason: "received",
  quantity: 1,
  ...body,
});

async function versionOf(shop: Shop) {
  // Where its product changes stand (decision 069): what drops kept answers.
  return (await storeById(await db(), shop.id))?.productChangesSeq;
}

describe("staff's stock adjustments", () => {
  it("receive, count and list stock, each change kept as a movement and audited", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const received = await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.apple, quantity: 12, note: "Delivery 4411" }),
    );
    expect(received.status, JSON.stringify(received.json)).toBe(200);
    expect(received.json.data.product).toMatchObject({ id: shop.apple, stock: 112, low: false, lowAt: 5 });
    expect(received.json.data.movement).toMatchObject({
      reason: "received",
      change: 12,
      stockAfter: 112,
      note: "Delivery 4411",
      staffName: "Shop staff",
    });

    const counted = await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.apple, reason: "counted", quantity: 100, expected: 112 }),
    );
    expect(counted.json.data.movement).toMatchObject({ reason: "counted", change: -12, stockAfter: 100 });
    const damaged = await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.apple, reason: "damaged", quantity: 3 }),
    );
    expect(damaged.json.data.product.stock).toBe(97);
    expect(await shop.stockOf(shop.apple)).toBe(97);

    const history = await owner.as("/api/staff/stock/product", { productId: shop.apple });
    expect(history.json.data.product.stock).toBe(97);
    expect(
      history.json.data.movements.records.map((m: { reason: string; change: number }) => [
        m.reason,
        m.change,
      ]),
    ).toEqual([
      ["damaged", -3],
      ["counted", -12],
      ["received", 12],
    ]);
    const audit = await owner.as("/api/staff/audit", { action: "stock" });
    expect(audit.json.data.records).toHaveLength(3);
    expect(audit.json.data.records[0]).toMatchObject({
      action: "stock.adjust",
      subject: `product:${shop.apple}`,
      before: { stock: 100 },
      after: { stock: 97, reason: "damaged", change: -3 },
    });

    const list = await owner.as("/api/staff/stock/list", { q: "apple" });
    expect(list.json.data.records).toEqual([expect.objectContaining({ id: shop.apple, stock: 97 })]);
    const bySku = await owner.as("/api/staff/stock/list", { q: `apple-${shop.id}` });
    expect(bySku.json.data.records.map((p: { id: number }) => p.id)).toEqual([shop.apple]);
    const all = await owner.as("/api/staff/stock/list", {});
    expect(all.json.data.total).toBe(3);
    const tee = all.json.data.records.find((p: { id: number }) => p.id === shop.tee.id);
    expect(tee.variations.map((v: { name: string; stock: number }) => [v.name, v.stock])).toEqual([
      ["Small", 5],
      ["Large", 5],
    ]);
  });

  it("moves a variation with its product's total; a product sold by variation needs one", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const moved = await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.tee.id, variationId: shop.tee.small, quantity: 4 }),
    );
    expect(moved.json.data.movement).toMatchObject({ variationId: shop.tee.small, change: 4, stockAfter: 9 });
    expect(moved.json.data.movement.variationName).toBe("Small");
    expect(await shop.variationStockOf(shop.tee.small)).toBe(9);
    expect(await shop.stockOf(shop.tee.id)).toBe(14);
    const counted = await owner.as(
      "/api/staff/stock/adjust",
      adjust({
        productId: shop.tee.id,
        variationId: shop.tee.large,
        reason: "counted",
        quantity: 2,
        expected: 5,
      }),
    );
    expect(counted.json.data.product.stock).toBe(11);
    expect(await shop.variationStockOf(shop.tee.large)).toBe(2);
    expectError(
      await owner.as("/api/staff/stock/adjust", adjust({ productId: shop.tee.id })),
      "INVALID_INPUT",
    );
    expectError(
      await owner.as(
        "/api/staff/stock/adjust",
        adjust({ productId: shop.apple, variationId: shop.tee.small }),
      ),
      "NOT_FOUND",
    );
  });

  it("refuses a take below zero with the level, and a count from a level that changed since", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    await shop.setStock(shop.apple, 4);
    const tooMany = await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.apple, reason: "damaged", quantity: 5 }),
    );
    expectError(tooMany, "STOCK_WOULD_GO_NEGATIVE");
    expect(tooMany.json.msg).toBe(
      ERROR_MESSAGES.en["error-stock-would-go-negative"].replace("{{stock}}", "4"),
    );
    expect(tooMany.json.data.errors).toEqual({ quantity: "error-stock-would-go-negative" });
    const inArabic = await owner.api("POST", "/api/staff/stock/adjust", {
      token: owner.token,
      locale: "ar",
      body: adjust({ productId: shop.apple, reason: "damaged", quantity: 5 }),
    });
    expect(inArabic.json.msg).toContain("4");
    expect(inArabic.json.msg).not.toBe(tooMany.json.msg);
    const tooManyOfVariation = await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.tee.id, variationId: shop.tee.small, reason: "damaged", quantity: 6 }),
    );
    expectError(tooManyOfVariation, "STOCK_WOULD_GO_NEGATIVE");
    expect(await shop.stockOf(shop.apple)).toBe(4);
    expect(await shop.variationStockOf(shop.tee.small)).toBe(5);

    const stale = await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.apple, reason: "counted", quantity: 9, expected: 7 }),
    );
    expectError(stale, "STAFF_EDIT_CONFLICT");
    expect(stale.json.data.product).toMatchObject({ id: shop.apple, stock: 4 });
    expect(await shop.stockOf(shop.apple)).toBe(4);
    const none = await owner.as("/api/staff/stock/product", { productId: shop.apple });
    expect(none.json.data.movements.total).toBe(0);

    for (const body of [
      adjust({ productId: shop.apple, quantity: 0 }),
      adjust({ productId: shop.apple, quantity: -2 }),
      adjust({ productId: shop.apple, reason: "counted", quantity: 3 }),
      adjust({ productId: shop.apple, reason: "lost" as "damaged" }),
      adjust({ productId: shop.apple, note: "n".repeat(201) }),
    ])
      expectError(await owner.as("/api/staff/stock/adjust", body), "INVALID_INPUT");
    expectError(await owner.as("/api/staff/stock/adjust", adjust({ productId: 99_999_999 })), "NOT_FOUND");
    expectError(await owner.as("/api/staff/stock/product", { productId: 99_999_999 }), "NOT_FOUND");
    expectError(await owner.as("/api/staff/stock/list", { filter: "some" }), "INVALID_INPUT");
  });

  it("keeps cached catalogue answers unless the product sells out or comes back", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const before = await versionOf(shop);
    await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.apple, reason: "damaged", quantity: 10 }),
    );
    await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.tee.id, variationId: shop.tee.small }),
    );
    await owner.as("/api/staff/stock/threshold", { productId: shop.apple, threshold: 20 });
    expect(await versionOf(shop)).toBe(before);
    await owner.as(
      "/api/staff/stock/adjust",
      adjust({ productId: shop.apple, reason: "counted", quantity: 0, expected: 90 }),
    );
    const soldOut = await versionOf(shop);
    expect(soldOut).toBeGreaterThan(before ?? 0);
    const info = await owner.api("GET", `/api/storeProduct/productInfo/${shop.apple}`);
    expect(info.json.data.stock).toBe(0);
    await owner.as("/api/staff/stock/adjust", adjust({ productId: shop.apple, quantity: 6 }));
    expect(await versionOf(shop)).toBeGreaterThan(soldOut ?? 0);
    const back = await owner.api("GET", `/api/storeProduct/productInfo/${shop.apple}`);
    expect(back.json.data.stock).toBe(6);
  });

  it("refuses another shop's staff, shoppers, no session and the kitchen; staff may adjust", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const calls: [string, unknown][] = [
      ["/api/staff/stock/list", {}],
      ["/api/staff/stock/product", { productId: shop.apple }],
      ["/api/staff/stock/adjust", adjust({ productId: shop.apple })],
      ["/api/staff/stock/threshold", { productId: shop.apple, threshold: 3 }],
    ];
    const staff = await owner.member("staff");
    const manager = await owner.member("manager");
    for (const [path, body] of calls) {
      expect((await owner.as(path, body, staff)).status).toBe(200);
      expect((await owner.as(path, body, manager)).status).toBe(200);
    }
    const kitchen = await owner.member("kitchen");
    const shopper = await registerVerified(client(shop.domain));
    const other = await shopOwner(await openShop());
    for (const [path, body] of calls) {
      expectError(await owner.as(path, body, kitchen), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, shopper.token), "INVALID_SESSION");
      expectError(await owner.api("POST", path, { body }), "UNAUTHORIZED");
      expectError(await client(shop.domain)("POST", path, { token: other.token, body }), "FORBIDDEN");
    }
    // Another shop's owner asking their own shop for this one's product finds none.
    expectError(await other.as("/api/staff/stock/product", { productId: shop.apple }), "NOT_FOUND");
    expectError(await other.as("/api/staff/stock/adjust", adjust({ productId: shop.apple })), "NOT_FOUND");
    expectError(
      await other.as("/api/staff/stock/threshold", { productId: shop.apple, threshold: 1 }),
      "NOT_FOUND",
    );
    expect(await shop.stockOf(shop.apple)).toBe(102);
  });
});

describe("low stock", () => {
  it("lists products at or under their own threshold or the default, sold out apart", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const low = async (filter: string) =>
      (await owner.as("/api/staff/stock/list", { filter })).json.data.records.map(
        (p: { id: number }) => p.id,
      );
    expect(await low("low")).toEqual([]);
    const set = await owner.as("/api/staff/stock/threshold", { productId: shop.apple, threshold: 100 });
    expect(set.json.data).toMatchObject({ threshold: 100, lowAt: 100, low: true });
    expect(await low("low")).toEqual([shop.apple]);
    await shop.setStock(shop.tee.id, 0);
    expect(await low("low")).toEqual([shop.tee.id, shop.apple]);
    expect(await low("soldOut")).toEqual([shop.tee.id]);
    const reset = await owner.as("/api/staff/stock/threshold", { productId: shop.apple, threshold: null });
    expect(reset.json.data).toMatchObject({ threshold: null, lowAt: 5, low: false });
    expect(await low("low")).toEqual([shop.tee.id]);
    const today = await owner.as("/api/staff/today", {});
    expect(today.json.data.lowStock.products.map((p: { id: number }) => p.id)).toEqual([shop.tee.id]);
    const audit = await owner.as("/api/staff/audit", { action: "stock.threshold" });
    expect(audit.json.data.records.map((r: { after: unknown }) => r.after)).toEqual([
      { threshold: null },
      { threshold: 100 },
    ]);
    expectError(
      await owner.as("/api/staff/stock/threshold", { productId: shop.apple, threshold: -1 }),
      "INVALID_INPUT",
    );
  });

  it("emails the staff once when a product falls to its threshold, again after a restock above it", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const store = await storeById(await db(), shop.id);
    const lowEmails = async () =>
      (await inbox(SHOP_STAFF.email)).filter(
        (m) => m.subject.includes(store?.nameLocalizations.en ?? "?") && m.subject.includes("low on stock"),
      );
    const damage = (quantity: number) =>
      owner.as("/api/staff/stock/adjust", adjust({ productId: shop.apple, reason: "damaged", quantity }));
    await damage(94);
    expect(await sendLowStockEmails(await db(), shop.id)).toEqual({ emails: 0 });
    await damage(1);
    // Sales below the threshold add nothing.
    await (await db()).transaction((tx) =>
      reserveStock(tx, shop.id, [{ productId: shop.apple, quantity: 1 }]),
    );
    expect(await sendLowStockEmails(await db(), shop.id)).toEqual({ emails: 1 });
    const [first] = await lowEmails();
    expect(first?.body).toContain(`apple-${shop.id}`);
    expect(first?.body).toContain("4 left");
    expect(first?.body).toContain("/staff/stock?filter=low");
    await damage(1);
    expect(await sendLowStockEmails(await db(), shop.id)).toEqual({ emails: 0 });
    await owner.as("/api/staff/stock/adjust", adjust({ productId: shop.apple, quantity: 10 }));
    await damage(10);
    expect(await sendLowStockEmails(await db(), shop.id)).toEqual({ emails: 1 });
    expect(await lowEmails()).toHaveLength(2);
    // A product that fell and was restocked before the pass is not in its email.
    await owner.as("/api/staff/stock/adjust", adjust({ productId: shop.apple, quantity: 50 }));
    await owner.as("/api/staff/stock/threshold", { productId: shop.apple, threshold: 60 });
    await owner.as("/api/staff/stock/adjust", adjust({ productId: shop.apple, quantity: 50 }));
    expect(await sendLowStockEmails(await db(), shop.id)).toEqual({ emails: 0 });
  });
});

describe("reading staff's stock", () => {
  it("reads no table whole: products by key, low index, words or codes; movements by product", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    await owner.as("/api/staff/stock/adjust", adjust({ productId: shop.apple }));
    const findings = await plansOf(async () => {
      await owner.as("/api/staff/stock/list", {});
      await owner.as("/api/staff/stock/list", { filter: "low" });
      await owner.as("/api/staff/stock/list", { filter: "soldOut" });
      await owner.as("/api/staff/stock/list", { q: "app" });
      await owner.as("/api/staff/stock/list", { q: `apple-${shop.id}`, filter: "low" });
      await owner.as("/api/staff/stock/product", { productId: shop.apple });
      await owner.as("/api/staff/today", {});
    }, /^\s*select .* from "(products|product_variations|stock_movements|matches)"/i);
    expect(findings.length).toBeGreaterThanOrEqual(12);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "stock adjusted while orders take it, from two API processes",
  () => {
    const pools = twoConnectionPools(10);

    it("never ends below zero, and the movements add up to what staff moved", async () => {
      const shop = await openShop();
      await shop.setStock(shop.apple, 40);
      const [a, b] = pools();
      const who = () => ({ storeId: shop.id, staffId: null, locale: "en" as const });
      const orders = Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? a : b).db.transaction(async (tx) => {
          const short = await reserveStock(tx, shop.id, [{ productId: shop.apple, quantity: 1 }]);
          if (short.length > 0) throw new Error("short");
          await new Promise((resolve) => setTimeout(resolve, 3));
        }),
      );
      const damages = Array.from({ length: 10 }, (_, i) =>
        adjustStock((i % 2 ? b : a).db, who(), {
          productId: shop.apple,
          variationId: null,
          reason: "damaged",
          quantity: 3,
          expected: null,
          note: "",
        }),
      );
      const [placed, adjusted] = await Promise.all([Promise.allSettled(orders), Promise.allSettled(damages)]);
      const refusedAdjustments = adjusted.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
      for (const reason of refusedAdjustments)
        expect((reason as ApiError).kind).toBe("STOCK_WOULD_GO_NEGATIVE");
      const refusedOrders = placed.flatMap((r) =>
        r.status === "rejected" ? [(r.reason as Error).message] : [],
      );
      expect(new Set(refusedOrders).size).toBeLessThanOrEqual(1);
      const sold = placed.filter((r) => r.status === "fulfilled").length;
      const stock = (await shop.stockOf(shop.apple)) as number;
      expect(stock).toBeGreaterThanOrEqual(0);
      const [moved] = await (await db())
        .select({
          sum: sql<number>`coalesce(sum(${stockMovements.change}), 0)::int`,
          n: sql<number>`count(*)::int`,
        })
        .from(stockMovements)
        .where(and(eq(stockMovements.storeId, shop.id), eq(stockMovements.productId, shop.apple)));
      expect(moved?.n).toBe(adjusted.length - refusedAdjustments.length);
      expect(40 - sold + (moved?.sum ?? 0)).toBe(stock);
      // Each movement's level after is what its change left, in the order they were written.
      expect(sold + (moved?.n ?? 0)).toBeGreaterThan(0);
    });

    it("of two counts from the level both saw, writes one and refuses the other", async () => {
      const shop = await openShop();
      const [a, b] = pools();
      const count = (pool: typeof a, quantity: number) =>
        adjustStock(
          pool.db,
          { storeId: shop.id, staffId: null, locale: "en" },
          {
            productId: shop.apple,
            variationId: null,
            reason: "counted",
            quantity,
            expected: 100,
            note: "",
          },
        );
      const outcomes = await Promise.allSettled([count(a, 90), count(b, 80)]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect((refused.reason as ApiError).kind).toBe("STAFF_EDIT_CONFLICT");
      const written = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<{
        product: { stock: number };
      }>;
      expect(await shop.stockOf(shop.apple)).toBe(written.value.product.stock);
    });
  },
);
