import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { walletEntries } from "../pricing/tables.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { testHarness } from "../test/harness.ts";
import { APPROVED_CARD, SHOPPER_ADDRESS } from "../test/shops.ts";
import { sweepReferrals } from "./lifecycle.ts";
import { orderReferrals, referralCommissions, referralReviews, referralSettings } from "./tables.ts";
import { entriesOf, monthOf, rowsOf } from "./test-ledger.ts";
import { DAY_MS, DELIVER, expectOk, inDays, type ReferralShop, referralShop } from "./test-referrals.ts";

beforeAll(async () => {
  await testHarness();
});

const stateOf = async (r: ReferralShop, orderId: number) =>
  (await entriesOf(r.db, r.shop.id, orderId)).map((e) => ({
    kind: e.kind,
    amount: e.amount,
    state: e.state,
  }));

describe("a commission matures", () => {
  it("once the order is paid, delivered and its return window has passed, and not before", async () => {
    const r = await referralShop();
    const delivered = await r.referredOrder({ moves: DELIVER, returnWindowDays: 14 });
    const onItsWay = await r.referredOrder({ moves: ["confirm", "startPreparing", "ship"] });
    const placed = await r.referredOrder();

    await sweepReferrals(r.db, new Date(), { storeId: r.shop.id });
    await sweepReferrals(r.db, inDays(13), { storeId: r.shop.id });
    expect(await stateOf(r, delivered.id)).toEqual([{ kind: "commission", amount: 50, state: "pending" }]);

    await sweepReferrals(r.db, inDays(14.01), { storeId: r.shop.id });
    const [entry] = await entriesOf(r.db, r.shop.id, delivered.id);
    expect(entry).toMatchObject({ state: "payable", amount: 50 });
    // Payable from the day the window ended: delivered (just now) + 14 days.
    const due = Date.now() + 14 * DAY_MS;
    expect(Math.abs((entry?.payableAt?.getTime() ?? 0) - due)).toBeLessThan(60_000);
    // Neither an order still on its way nor one only placed moves, however late.
    await sweepReferrals(r.db, inDays(60), { storeId: r.shop.id });
    expect(await stateOf(r, onItsWay.id)).toEqual([{ kind: "commission", amount: 50, state: "pending" }]);
    expect(await stateOf(r, placed.id)).toEqual([{ kind: "commission", amount: 50, state: "pending" }]);
  });

  it("keeps to the window frozen on the order, whatever the shop's rules say now", async () => {
    const r = await referralShop();
    const order = await r.referredOrder({ moves: DELIVER, returnWindowDays: 30 });
    await r.db.insert(referralSettings).values({ storeId: r.shop.id, enabled: true, returnWindowDays: 0 });
    await sweepReferrals(r.db, inDays(29), { storeId: r.shop.id });
    expect((await stateOf(r, order.id))[0]?.state).toBe("pending");
    await sweepReferrals(r.db, inDays(31), { storeId: r.shop.id });
    expect((await stateOf(r, order.id))[0]?.state).toBe("payable");
  });

  it("not while the order is no longer paid (refunded in full): commission and clawback sum to nothing", async () => {
    const r = await referralShop();
    const order = await r.referredOrder({ moves: DELIVER });
    expectOk(await r.owner.as("/api/staff/orders/refund", { orderId: order.id, whole: true }));
    await sweepReferrals(r.db, inDays(60), { storeId: r.shop.id });
    expect(await stateOf(r, order.id)).toEqual([
      { kind: "commission", amount: 50, state: "pending" },
      { kind: "clawback", amount: -50, state: "pending" },
    ]);
  });

  it("not while a refund asked for is still open, and then with its clawback", async () => {
    const r = await referralShop();
    const order = await r.referredOrder({ moves: DELIVER, returnWindowDays: 14 });
    const asked = await r.owner.api("POST", "/api/storeOrder/refund/storeCustomer", {
      token: order.friend.token,
      body: {
        orderId: order.id,
        reason: "Bruised",
        lines: [{ orderLineId: order.lines[0]?.id, quantity: 2 }],
      },
    });
    expectOk(asked);
    // The window has passed, but the shop has not answered the request yet.
    await sweepReferrals(r.db, inDays(20), { storeId: r.shop.id });
    expect(await stateOf(r, order.id)).toEqual([{ kind: "commission", amount: 50, state: "pending" }]);
    expectOk(
      await r.owner.as("/api/staff/refunds/answer", {
        refundId: asked.json.data.id,
        decision: "approve",
        answer: "Sorry",
        refundTo: null,
      }),
    );
    await sweepReferrals(r.db, inDays(21), { storeId: r.shop.id });
    expect(await stateOf(r, order.id)).toEqual([
      { kind: "commission", amount: 50, state: "payable" },
      { kind: "clawback", amount: -25, state: "payable" },
    ]);
  });

  it("not when the friend paid with a card the referrer pays with: held for staff as the same card", async () => {
    const r = await referralShop();
    // The referrer's own order, paid with the very card the friends' orders are paid with.
    expectOk(
      await r.owner.api("POST", "/api/storeOrder/create", {
        token: r.referrer.token,
        body: {
          products: [{ productId: r.shop.apple, quantity: 1 }],
          delivery_type: "delivery",
          shipping_address: SHOPPER_ADDRESS,
          payment_gateway: "test-card",
          credit_card: APPROVED_CARD,
          customer_name: "Maya Referrer",
        },
      }),
    );
    const order = await r.referredOrder({ moves: DELIVER });
    await sweepReferrals(r.db, new Date(), { storeId: r.shop.id });
    await sweepReferrals(r.db, inDays(60), { storeId: r.shop.id });
    expect((await stateOf(r, order.id))[0]?.state).toBe("pending");
    const [held] = await r.db
      .select()
      .from(referralReviews)
      .where(and(eq(referralReviews.storeId, r.shop.id), eq(referralReviews.orderId, order.id)));
    expect(held).toMatchObject({ state: "open", reasons: ["sameCard"], referrerId: r.referrer.userId });
  });

  it("not while a review holds it or refused it", async () => {
    const r = await referralShop();
    const held = await r.referredOrder({ moves: DELIVER, review: ["codeBurst"] });
    await sweepReferrals(r.db, inDays(60), { storeId: r.shop.id });
    expect((await stateOf(r, held.id))[0]?.state).toBe("pending");
  });
});

describe("a cancelled order", () => {
  it("cancels its commission and releases the referral once, even with several sweeps at once", async () => {
    const r = await referralShop();
    const order = await r.referredOrder({ moves: ["confirm"] });
    const other = await r.referredOrder();
    expect(await monthOf(r.db, r.shop.id, r.referrer.userId)).toMatchObject({ uses: 2, commission: 100 });
    expectOk(await r.owner.as("/api/staff/orders/cancel", { orderId: order.id, reason: "Out of stock" }));

    const counts = await Promise.all(
      [1, 2, 3, 4].map(() => sweepReferrals(r.db, new Date(), { storeId: r.shop.id })),
    );
    expect(counts.reduce((sum, c) => sum + c.cancelled, 0)).toBe(1);
    expect(await stateOf(r, order.id)).toEqual([{ kind: "commission", amount: 50, state: "cancelled" }]);
    // The month gives back one use and its commission; the other referral still counts.
    expect(await monthOf(r.db, r.shop.id, r.referrer.userId)).toMatchObject({ uses: 1, commission: 50 });
    const [released] = await r.db
      .select()
      .from(orderReferrals)
      .where(and(eq(orderReferrals.storeId, r.shop.id), eq(orderReferrals.orderId, order.id)));
    expect(released?.releasedAt).not.toBeNull();
    await sweepReferrals(r.db, new Date(), { storeId: r.shop.id });
    expect(await monthOf(r.db, r.shop.id, r.referrer.userId)).toMatchObject({ uses: 1, commission: 50 });
    expect((await stateOf(r, other.id))[0]?.state).toBe("pending");
  });

  it("never takes the month below zero", async () => {
    const r = await referralShop();
    const order = await r.referredOrder();
    await r.db.execute(
      sql`UPDATE referral_months SET uses = 0, commission = 10 WHERE store_id = ${r.shop.id}`,
    );
    expectOk(await r.owner.as("/api/staff/orders/cancel", { orderId: order.id, reason: "Closed" }));
    await sweepReferrals(r.db, new Date(), { storeId: r.shop.id });
    expect(await monthOf(r.db, r.shop.id, r.referrer.userId)).toMatchObject({ uses: 0, commission: 0 });
  });
});

describe("paid to the wallet", () => {
  it("when the shop says so, in the sweep that makes it payable, once", async () => {
    const r = await referralShop();
    await r.db.insert(referralSettings).values({ storeId: r.shop.id, enabled: true, payToWallet: true });
    const first = await r.referredOrder({ moves: DELIVER });
    const second = await r.referredOrder({ apples: 8, moves: DELIVER });
    const counts = await sweepReferrals(r.db, inDays(15), { storeId: r.shop.id });
    expect(counts).toMatchObject({ payable: 2, paidToWallet: 2 });
    expect(await r.shop.walletOf(r.referrer.userId)).toBe(150);
    for (const order of [first, second])
      expect((await entriesOf(r.db, r.shop.id, order.id))[0]).toMatchObject({
        state: "paid",
        paidTo: "wallet",
      });
    const credits = await r.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.storeId, r.shop.id), eq(walletEntries.customerId, r.referrer.userId)));
    expect(credits).toEqual([expect.objectContaining({ amount: 150, reason: "referral" })]);
    await sweepReferrals(r.db, inDays(30), { storeId: r.shop.id });
    expect(await r.shop.walletOf(r.referrer.userId)).toBe(150);
  });

  it("sets a clawback bigger than what is owed against the next commission, never a debit", async () => {
    const r = await referralShop();
    await r.db.insert(referralSettings).values({ storeId: r.shop.id, enabled: true, payToWallet: true });
    const order = await r.referredOrder({ moves: DELIVER });
    await sweepReferrals(r.db, inDays(15), { storeId: r.shop.id });
    expect(await r.shop.walletOf(r.referrer.userId)).toBe(50);
    // Refunded after it was paid: the clawback is payable, and with nothing else owed it waits.
    expectOk(
      await r.owner.as("/api/staff/orders/refund", {
        orderId: order.id,
        lines: [{ orderLineId: order.lines[0]?.id, quantity: 2 }],
      }),
    );
    await sweepReferrals(r.db, inDays(16), { storeId: r.shop.id });
    expect(await stateOf(r, order.id)).toEqual([
      { kind: "commission", amount: 50, state: "paid" },
      { kind: "clawback", amount: -25, state: "payable" },
    ]);
    expect(await r.shop.walletOf(r.referrer.userId)).toBe(50);
    // The next commission pays what is left after it.
    const next = await r.referredOrder({ apples: 8, moves: DELIVER });
    await sweepReferrals(r.db, inDays(15), { storeId: r.shop.id });
    expect(await r.shop.walletOf(r.referrer.userId)).toBe(50 + 100 - 25);
    expect((await stateOf(r, order.id))[1]?.state).toBe("paid");
    expect((await stateOf(r, next.id))[0]?.state).toBe("paid");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("sweeps of two API processes at once (PostgreSQL)", () => {
  const pools = twoConnectionPools(6);

  it("credit each wallet once", async () => {
    const r = await referralShop();
    await r.db.insert(referralSettings).values({ storeId: r.shop.id, enabled: true, payToWallet: true });
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await r.referredOrder({ moves: DELIVER }));
    const [a, b] = pools();
    const at = inDays(15);
    const counts = await Promise.all(
      [a, b, a, b, a, b, a, b].map((pool) => sweepReferrals(pool.db, at, { storeId: r.shop.id })),
    );
    expect(counts.reduce((sum, c) => sum + c.paidToWallet, 0)).toBe(6);
    expect(await r.shop.walletOf(r.referrer.userId)).toBe(6 * 50);
    const [paid] = await rowsOf<{ n: number }>(
      r.db,
      sql`SELECT count(*)::int AS n FROM referral_commissions WHERE store_id = ${r.shop.id} AND state = 'paid'`,
    );
    expect(paid?.n).toBe(6);
    const sum = await r.db
      .select({ total: sql<number>`coalesce(sum(${walletEntries.amount}), 0)::int` })
      .from(walletEntries)
      .where(and(eq(walletEntries.storeId, r.shop.id), eq(walletEntries.reason, "referral")));
    expect(sum[0]?.total).toBe(300);
  });
});

describe("clawbacks", () => {
  it("take the refunded goods' share, never more than the commission, as entries of their own", async () => {
    const r = await referralShop();
    const order = await r.referredOrder({ moves: DELIVER, commission: 50 });
    const lineId = order.lines[0]?.id;
    const refund = (quantity: number) =>
      r.owner.as("/api/staff/orders/refund", {
        orderId: order.id,
        lines: [{ orderLineId: lineId, quantity }],
      });
    expectOk(await refund(1));
    // round(50 × 250 / 1000) = 13 (12.5 rounds up).
    expect(await stateOf(r, order.id)).toEqual([
      { kind: "commission", amount: 50, state: "pending" },
      { kind: "clawback", amount: -13, state: "pending" },
    ]);
    expectOk(await refund(1));
    // Two of four apples: 25 in all, 12 more.
    expect((await stateOf(r, order.id)).map((e) => e.amount)).toEqual([50, -13, -12]);
    // The rest, shipping included: the clawbacks come to the whole commission, not a unit more.
    expectOk(await r.owner.as("/api/staff/orders/refund", { orderId: order.id, whole: true }));
    const entries = await stateOf(r, order.id);
    expect(entries.map((e) => e.amount)).toEqual([50, -13, -12, -25]);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
  });

  it("of a commission already payable are payable, and a refund of shipping alone takes nothing", async () => {
    const r = await referralShop();
    const order = await r.referredOrder({ moves: DELIVER });
    await sweepReferrals(r.db, inDays(15), { storeId: r.shop.id });
    expectOk(
      await r.owner.as("/api/staff/orders/refund", {
        orderId: order.id,
        lines: [{ orderLineId: order.lines[0]?.id, quantity: 3 }],
      }),
    );
    expect(await stateOf(r, order.id)).toEqual([
      { kind: "commission", amount: 50, state: "payable" },
      { kind: "clawback", amount: -38, state: "payable" },
    ]);
    // What is left is the last apple and shipping; all of it back: 12 more, the commission's rest.
    expectOk(await r.owner.as("/api/staff/orders/refund", { orderId: order.id, whole: true }));
    expect((await stateOf(r, order.id)).map((e) => e.amount)).toEqual([50, -38, -12]);
  });

  it("are written when a shopper's refund request is approved", async () => {
    const r = await referralShop();
    const order = await r.referredOrder({ moves: DELIVER });
    const asked = await r.owner.api("POST", "/api/storeOrder/refund/storeCustomer", {
      token: order.friend.token,
      body: {
        orderId: order.id,
        reason: "Bruised",
        lines: [{ orderLineId: order.lines[0]?.id, quantity: 2 }],
      },
    });
    expectOk(asked);
    const refundId = asked.json.data.id;
    expectOk(
      await r.owner.as("/api/staff/refunds/answer", {
        refundId,
        decision: "approve",
        answer: "Sorry",
        refundTo: null,
      }),
    );
    expect((await stateOf(r, order.id)).map((e) => e.amount)).toEqual([50, -25]);
  });

  it("of a cancelled commission are not written", async () => {
    const r = await referralShop();
    const order = await r.referredOrder({ moves: ["confirm"] });
    await r.db
      .update(referralCommissions)
      .set({ state: "cancelled" })
      .where(and(eq(referralCommissions.storeId, r.shop.id), eq(referralCommissions.orderId, order.id)));
    expectOk(await r.owner.as("/api/staff/orders/cancel", { orderId: order.id, reason: "Closed" }));
    expect(await stateOf(r, order.id)).toEqual([{ kind: "commission", amount: 50, state: "cancelled" }]);
  });
});
