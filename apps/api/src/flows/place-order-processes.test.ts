import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_KEY_HEADER, STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../orders/tables.ts";
import { client, registerVerified } from "../test/accounts.ts";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { testHarness } from "../test/harness.ts";
import { APPROVED_CARD, openShop, type Shop } from "../test/shops.ts";

/**
 * Two API processes on one PostgreSQL, as behind a load balancer: what orders hold (stock, coupon
 * uses, delivery windows, one order per key) must hold across processes, however the submits interleave.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("placing orders across API processes", () => {
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    await testHarness();
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  const address = {
    customerName: "Dana Levi",
    address: { street_address: "1 Harbour Road", country: "IL", city: "Haifa" },
  };

  /** A create sent straight to one of the processes, as the storefront's servers would. */
  async function submit(i: number, shop: Shop, token: string, body: Record<string, unknown>, key?: string) {
    const api = processes[i % processes.length] as ApiProcess;
    const response = await fetch(`${api.url}/api/storeOrder/create`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        [STORE_DOMAIN_HEADER]: shop.domain,
        ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
      },
      body: JSON.stringify({
        delivery_type: "delivery",
        shipping_address: address,
        payment_gateway: "cash",
        customer_name: "Dana Levi",
        ...body,
      }),
    });
    return {
      status: response.status,
      ...((await response.json()) as { code: string; data: { order?: { id: number } } }),
    };
  }

  /** Guest sessions, each from its own address so no per-address limit gets in the way. */
  async function guests(shop: Shop, n: number): Promise<string[]> {
    return Promise.all(
      Array.from({ length: n }, async () => {
        const session = await client(shop.domain)("POST", "/api/auth/login/session", { body: {} });
        return session.json.data.token as string;
      }),
    );
  }

  async function ordersOf(shop: Shop): Promise<number> {
    const { handle } = await testHarness();
    const [row] = await handle.db.select({ n: count() }).from(orders).where(eq(orders.storeId, shop.id));
    return row?.n ?? 0;
  }

  const tally = (codes: string[]) =>
    Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length]));

  it("sells the last 5 units to exactly 5 of 40 concurrent buyers", async () => {
    const shop = await openShop();
    await shop.setStock(shop.apple, 5);
    const tokens = await guests(shop, 40);
    const answers = await Promise.all(
      tokens.map((token, i) =>
        submit(i, shop, token, { products: [{ productId: shop.apple, quantity: 1 }] }),
      ),
    );
    // 2011: out of stock.
    expect(tally(answers.map((a) => a.code))).toEqual({ "0": 5, "2011": 35 });
    expect(await shop.stockOf(shop.apple)).toBe(0);
    expect(await ordersOf(shop)).toBe(5);
  });

  it("makes one order of 50 concurrent submits with one Idempotency-Key", async () => {
    const shop = await openShop();
    const [token] = await guests(shop, 1);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        submit(i, shop, token as string, { products: [{ productId: shop.apple, quantity: 3 }] }, key),
      ),
    );
    expect(tally(answers.map((a) => a.code))).toEqual({ "0": 50 });
    expect(new Set(answers.map((a) => a.data.order?.id)).size).toBe(1);
    expect(await ordersOf(shop)).toBe(1);
    expect(await shop.stockOf(shop.apple)).toBe(97);
  });

  it("authorizes a card once for 20 concurrent submits with one key", async () => {
    const shop = await openShop();
    const [token] = await guests(shop, 1);
    const key = randomUUID();
    const card = APPROVED_CARD;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submit(
          i,
          shop,
          token as string,
          {
            products: [{ productId: shop.apple, quantity: 1 }],
            payment_gateway: "test-card",
            credit_card: card,
          },
          key,
        ),
      ),
    );
    expect(tally(answers.map((a) => a.code))).toEqual({ "0": 20 });
    const orderId = answers[0]?.data.order?.id as number;
    const { handle } = await testHarness();
    const charges = await handle.db.execute(
      sql`SELECT count(*)::int AS n FROM test_provider_charges WHERE store_id = ${shop.id} AND order_id = ${orderId}`,
    );
    expect((charges as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    const [order] = await handle.db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.storeId, shop.id), eq(orders.id, orderId)));
    expect(order).toEqual({ status: "placed", paymentStatus: "authorized" });
  });

  it("gives a coupon's last use to exactly one of 20 concurrent orders", async () => {
    const shop = await openShop();
    await shop.addCoupon("LAST", { kind: "fixed", value: 100, maxUses: 5, usedCount: 4 });
    const tokens = await guests(shop, 20);
    const answers = await Promise.all(
      tokens.map((token, i) =>
        submit(i, shop, token, { products: [{ productId: shop.apple, quantity: 1 }], coupon: "LAST" }),
      ),
    );
    expect(answers.filter((a) => a.code === "0")).toHaveLength(1);
    expect(await shop.couponUses("LAST")).toBe(5);
    expect(await ordersOf(shop)).toBe(1);
    expect(await shop.stockOf(shop.apple)).toBe(99);
  });

  it("gives a first-order coupon to one of a customer's 8 concurrent orders", async () => {
    const shop = await openShop();
    await shop.addCoupon("FIRST", { kind: "percent", value: 15, firstOrderOnly: true });
    const { token } = await registerVerified(client(shop.domain));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submit(
          i,
          shop,
          token,
          { products: [{ productId: shop.apple, quantity: 4 }], coupon: "FIRST" },
          randomUUID(),
        ),
      ),
    );
    // The others are refused for the coupon: by pricing once the winner is committed, else under its lock.
    expect(answers.filter((a) => a.code === "0")).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== "0")) {
      expect(["400", "2012"]).toContain(refused.code);
      expect((refused.data as { errors?: Record<string, string> }).errors).toHaveProperty("coupon");
    }
    expect(await shop.couponUses("FIRST")).toBe(1);
    expect(await ordersOf(shop)).toBe(1);
    expect(await shop.stockOf(shop.apple)).toBe(96);
  });

  it("books a delivery window of capacity 3 for exactly 3 of 20 concurrent orders", async () => {
    const shop = await openShop({ windowCapacity: 3 });
    const schedule = await client(shop.domain)("POST", "/api/storeDeliverySchedule/query/storeCustomer", {
      body: {},
    });
    const window = (
      schedule.json.data.days as { windows: { start: string; end: string; available: boolean }[] }[]
    )
      .flatMap((day) => day.windows)
      .find((w) => w.available);
    if (!window) throw new Error("no bookable window");
    const tokens = await guests(shop, 20);
    const answers = await Promise.all(
      tokens.map((token, i) =>
        submit(i, shop, token, {
          products: [{ productId: shop.apple, quantity: 1 }],
          delivery_time: { start: window.start, end: window.end },
        }),
      ),
    );
    expect(answers.filter((a) => a.code === "0")).toHaveLength(3);
    expect(await ordersOf(shop)).toBe(3);
    expect(await shop.stockOf(shop.apple)).toBe(97);
  });

  /**
   * The sessions waiting, directly or through one another, for the given session's locks: a
   * create blocked by a lock the test holds, or by a create that is itself blocked.
   */
  async function waitingBehind(pid: number): Promise<number> {
    const { handle } = await testHarness();
    const result = (await handle.db.execute(
      sql`SELECT pid, pg_blocking_pids(pid) AS blockers FROM pg_stat_activity WHERE datname = current_database()`,
    )) as unknown as { rows: { pid: number; blockers: number[] }[] };
    const behind = new Set([pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const row of result.rows)
        if (!behind.has(row.pid) && row.blockers.some((b) => behind.has(b))) {
          behind.add(row.pid);
          grew = true;
        }
    }
    return behind.size - 1;
  }

  it("places one of a customer's 12 concurrent orders when one place is left under the unpaid limit", async () => {
    const shop = await openShop({ unpaidOrderLimit: 3 });
    const { token } = await registerVerified(client(shop.domain));
    for (let i = 0; i < 2; i++) {
      const placed = await submit(i, shop, token, { products: [{ productId: shop.apple, quantity: 1 }] });
      expect(placed.code).toBe("0");
    }
    const { handle } = await testHarness();
    // The test holds the apple's row, which every create takes after counting: all 12 are under
    // way at once, each past its count or waiting to count, before any of them can commit.
    const answers = await handle.db.transaction(async (tx) => {
      const held = (await tx.execute(
        sql`SELECT pg_backend_pid() AS pid FROM products WHERE store_id = ${shop.id} AND id = ${shop.apple} FOR UPDATE`,
      )) as unknown as { rows: { pid: number }[] };
      const pid = held.rows[0]?.pid as number;
      const sent = Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          submit(i, shop, token, { products: [{ productId: shop.apple, quantity: 2 }] }, randomUUID()),
        ),
      );
      const until = Date.now() + 20_000;
      while ((await waitingBehind(pid)) < 12 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await waitingBehind(pid)).toBe(12);
      return { sent };
    });
    // 2027: too many unpaid orders. Each create waited for the one before it on the customer's
    // row, then counted its order, whichever process sent it.
    expect(tally((await answers.sent).map((a) => a.code))).toEqual({ "0": 1, "2027": 11 });
    expect(await ordersOf(shop)).toBe(3);
    expect(await shop.stockOf(shop.apple)).toBe(96);
  });

  it("leaves stock, coupon and wallet as they were when the card is declined", async () => {
    const shop = await openShop();
    await shop.addCoupon("ONCE", { kind: "fixed", value: 100, maxUses: 1 });
    const customer = await registerVerified(client(shop.domain));
    await shop.credit(customer.userId, 200);
    const declined = await submit(0, shop, customer.token, {
      products: [{ productId: shop.apple, quantity: 4 }],
      coupon: "ONCE",
      use_wallet: true,
      payment_gateway: "test-card",
      credit_card: {
        number: "4000000000000002",
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 2,
        cvc: "123",
        name: "Dana Levi",
      },
    });
    expect(declined.code).toBe("2020");
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.couponUses("ONCE")).toBe(0);
    expect(await shop.walletOf(customer.userId)).toBe(200);
  });
});
