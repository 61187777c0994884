import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { client, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { sweepReferrals } from "./lifecycle.ts";
import { DEFAULT_REFERRAL_SETTINGS } from "./settings.ts";
import { referralCommissions, referralSettings } from "./tables.ts";
import { entriesOf, monthOf, rowsOf } from "./test-ledger.ts";
import { DELIVER, expectOk, inDays, type ReferralShop, referralShop } from "./test-referrals.ts";

beforeAll(async () => {
  await testHarness();
});

const SETTINGS = {
  enabled: true,
  reward: { kind: "amount", value: 500 },
  commissionBp: 750,
  returnWindowDays: 7,
  monthlyCommissionCap: 10_000,
  monthlyUsesCap: 20,
  payToWallet: true,
} as const;

/** Every staff referral call, with a body it takes. */
const CALLS = [
  ["/api/staff/referrals/settings", undefined, "GET"],
  ["/api/staff/referrals/settings/save", SETTINGS, "POST"],
  ["/api/staff/referrals/commissions", { state: "payable" }, "POST"],
  ["/api/staff/referrals/commissions/pay", { ids: [1] }, "POST"],
  ["/api/staff/referrals/reviews", { state: "open" }, "POST"],
  ["/api/staff/referrals/reviews/decide", { id: 1, decision: "clear" }, "POST"],
] as const;

describe("who may use the referral console", () => {
  it.each(CALLS)(
    "%s: another shop's staff, a shopper, no token, and kitchen or staff roles are refused",
    async (path, body, method) => {
      const shop = await openShop();
      const owner = await shopOwner(shop);
      const other = await shopOwner(await openShop());
      const shopper = await registerVerified(client(shop.domain));
      const send = (token?: string) => owner.api(method, path, { token, body });
      expectError(await send(other.token), "FORBIDDEN");
      expectError(await send(shopper.token), "INVALID_SESSION");
      expectError(await send(), "UNAUTHORIZED");
      expectError(await send(await owner.member("kitchen")), "STAFF_ROLE_FORBIDDEN");
      expectError(await send(await owner.member("staff")), "STAFF_ROLE_FORBIDDEN");
      // A manager may: every call of this console is theirs (settings and catalogue).
      const manager = await owner.member("manager");
      const answer = await send(manager);
      expect([200, 404, 409]).toContain(answer.status);
    },
  );
});

describe("referral settings", () => {
  it("read the defaults, save with an audit row, and refuse what is out of range", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const read = await owner.api("GET", "/api/staff/referrals/settings", { token: owner.token });
    expectOk(read);
    expect(read.json.data).toEqual(DEFAULT_REFERRAL_SETTINGS);

    const saved = await owner.as("/api/staff/referrals/settings/save", SETTINGS);
    expectOk(saved);
    expect(saved.json.data).toEqual(SETTINGS);
    expect(
      (await owner.api("GET", "/api/staff/referrals/settings", { token: owner.token })).json.data,
    ).toEqual(SETTINGS);
    const audit = await owner.as("/api/staff/audit", { action: "settings.referrals" });
    expect(audit.json.data.records[0]).toMatchObject({
      action: "settings.referrals",
      before: DEFAULT_REFERRAL_SETTINGS,
      after: SETTINGS,
    });

    for (const bad of [
      { ...SETTINGS, commissionBp: 10_001 },
      { ...SETTINGS, returnWindowDays: -1 },
      { ...SETTINGS, reward: { kind: "gift", value: 1 } },
      { ...SETTINGS, reward: { kind: "percent", value: 101 } },
      { ...SETTINGS, monthlyUsesCap: 0 },
    ])
      expectError(await owner.as("/api/staff/referrals/settings/save", bad), "INVALID_INPUT");
    // Nothing of a refused save was kept, nor audited.
    expect(
      (await owner.as("/api/staff/audit", { action: "settings.referrals" })).json.data.records,
    ).toHaveLength(1);
    // Another shop's rules are its own.
    const other = await shopOwner(await openShop());
    expect(
      (await other.api("GET", "/api/staff/referrals/settings", { token: other.token })).json.data,
    ).toEqual(DEFAULT_REFERRAL_SETTINGS);
  });
});

/** Two payable commissions, one pending, one cancelled. */
async function ledger() {
  const r = await referralShop();
  const a = await r.referredOrder({ moves: DELIVER });
  const b = await r.referredOrder({ apples: 8, moves: DELIVER });
  await sweepReferrals(r.db, inDays(15), { storeId: r.shop.id });
  const pending = await r.referredOrder({ moves: ["confirm"] });
  const cancelled = await r.referredOrder();
  expectOk(await r.owner.as("/api/staff/orders/cancel", { orderId: cancelled.id, reason: "Closed" }));
  await sweepReferrals(r.db, new Date(), { storeId: r.shop.id });
  return { r, a, b, pending, cancelled };
}

describe("commissions", () => {
  it("list by state with the sum of all of them, the referrer and the order", async () => {
    const { r, a, b, pending } = await ledger();
    const payable = await r.owner.as("/api/staff/referrals/commissions", {});
    expectOk(payable);
    expect(payable.json.data).toMatchObject({ total: 2, sum: 150, currency: "USD", current_page: 1 });
    expect(payable.json.data.records.map((c: { orderId: number }) => c.orderId).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect(payable.json.data.records[0]).toMatchObject({
      referrer: { id: r.referrer.userId, name: "Dana Levi", email: r.referrer.email },
      kind: "commission",
      state: "payable",
      paidTo: null,
      underReview: false,
    });
    const first = payable.json.data.records.find((c: { orderId: number }) => c.orderId === a.id);
    expect(first).toMatchObject({ orderNumber: a.orderNumber, orderAmount: 1000, amount: 50 });
    expect(first.payableAt).not.toBeNull();

    const pendingList = await r.owner.as("/api/staff/referrals/commissions", { state: "pending" });
    expect(pendingList.json.data).toMatchObject({ total: 1, sum: 50 });
    expect(pendingList.json.data.records[0].orderId).toBe(pending.id);
    expect(
      (await r.owner.as("/api/staff/referrals/commissions", { state: "cancelled" })).json.data,
    ).toMatchObject({
      total: 1,
      sum: 50,
    });
    expect((await r.owner.as("/api/staff/referrals/commissions", { state: null })).json.data).toMatchObject({
      total: 4,
      sum: 250,
    });
    expectError(await r.owner.as("/api/staff/referrals/commissions", { state: "owed" }), "INVALID_INPUT");
    // Another shop sees none of them.
    const other = await shopOwner(await openShop());
    expect((await other.as("/api/staff/referrals/commissions", { state: null })).json.data).toMatchObject({
      total: 0,
      sum: 0,
    });
  });

  it("are paid in bulk once, with what is not payable named back, and audited", async () => {
    const { r, a, b, pending } = await ledger();
    const [ea] = await entriesOf(r.db, r.shop.id, a.id);
    const [eb] = await entriesOf(r.db, r.shop.id, b.id);
    const [ep] = await entriesOf(r.db, r.shop.id, pending.id);
    const paid = await r.owner.as("/api/staff/referrals/commissions/pay", {
      ids: [ea?.id, eb?.id, ep?.id, 999_999],
    });
    expectOk(paid);
    expect(paid.json.data).toEqual({
      paid: [ea?.id, eb?.id].sort((x = 0, y = 0) => x - y),
      skipped: [ep?.id, 999_999],
      amount: 150,
    });
    expect((await entriesOf(r.db, r.shop.id, a.id))[0]).toMatchObject({ state: "paid", paidTo: "staff" });
    // Again: nothing is paid twice.
    const again = await r.owner.as("/api/staff/referrals/commissions/pay", { ids: [ea?.id] });
    expect(again.json.data).toEqual({ paid: [], skipped: [ea?.id], amount: 0 });
    const audit = await r.owner.as("/api/staff/audit", { action: "referral.pay" });
    expect(audit.json.data.records).toHaveLength(1);
    expect(audit.json.data.records[0].after).toMatchObject({ amount: 150, skipped: [ep?.id, 999_999] });
    // The wallet is not touched: staff pay outside the shop.
    expect(await r.shop.walletOf(r.referrer.userId)).toBe(0);

    expectError(await r.owner.as("/api/staff/referrals/commissions/pay", { ids: [] }), "INVALID_INPUT");
    expectError(
      await r.owner.as("/api/staff/referrals/commissions/pay", {
        ids: Array.from({ length: 201 }, (_, i) => i + 1),
      }),
      "INVALID_INPUT",
    );
  });

  it("another shop's staff cannot pay this shop's commissions", async () => {
    const { r, a } = await ledger();
    const [ea] = await entriesOf(r.db, r.shop.id, a.id);
    const other = await shopOwner(await openShop());
    const paid = await other.as("/api/staff/referrals/commissions/pay", { ids: [ea?.id] });
    expect(paid.json.data).toEqual({ paid: [], skipped: [ea?.id], amount: 0 });
    expect((await entriesOf(r.db, r.shop.id, a.id))[0]?.state).toBe("payable");
  });

  it("pressed by several staff at once are each paid once", async () => {
    const r = await referralShop();
    const orders = [];
    for (let i = 0; i < 5; i += 1) orders.push(await r.referredOrder({ moves: DELIVER }));
    await sweepReferrals(r.db, inDays(15), { storeId: r.shop.id });
    const ids = (
      await r.db
        .select({ id: referralCommissions.id })
        .from(referralCommissions)
        .where(eq(referralCommissions.storeId, r.shop.id))
    ).map((row) => row.id);
    const manager = await r.owner.member("manager");
    const answers = await Promise.all(
      [r.owner.token, manager, r.owner.token, manager, r.owner.token, manager].map((token, i) =>
        r.owner.as("/api/staff/referrals/commissions/pay", { ids: i % 2 ? [...ids].reverse() : ids }, token),
      ),
    );
    for (const answer of answers) expectOk(answer);
    const paid = answers.flatMap((answer) => answer.json.data.paid as number[]);
    expect(paid.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(answers.reduce((sum, answer) => sum + answer.json.data.amount, 0)).toBe(5 * 50);
  });
});

describe("the review queue", () => {
  async function heldShop() {
    const r = await referralShop();
    const held = await r.referredOrder({ moves: DELIVER, review: ["similarEmail", "codeBurst"] });
    const other = await r.referredOrder({ moves: DELIVER, review: ["sameAddressSignups"] });
    return { r, held, other };
  }

  it("lists open referrals first with why and who, and a cleared one matures like any other", async () => {
    const { r, held, other } = await heldShop();
    const list = await r.owner.as("/api/staff/referrals/reviews", {});
    expectOk(list);
    expect(list.json.data.total).toBe(2);
    expect(list.json.data.records[0]).toMatchObject({
      id: held.reviewId,
      state: "open",
      reasons: ["similarEmail", "codeBurst"],
      referrer: { id: r.referrer.userId, name: "Dana Levi", email: r.referrer.email },
      friend: { name: "Dana Levi" },
      orderId: held.id,
      orderNumber: held.orderNumber,
      commission: 50,
      decidedAt: null,
    });
    const staffList = await r.owner.as("/api/staff/referrals/commissions", { state: "pending" });
    expect(staffList.json.data.records.every((c: { underReview: boolean }) => c.underReview)).toBe(true);

    await sweepReferrals(r.db, inDays(30), { storeId: r.shop.id });
    expect((await entriesOf(r.db, r.shop.id, held.id))[0]?.state).toBe("pending");
    const cleared = await r.owner.as("/api/staff/referrals/reviews/decide", {
      id: held.reviewId,
      decision: "clear",
      note: "Sisters, checked",
    });
    expectOk(cleared);
    expect(cleared.json.data).toMatchObject({ state: "cleared", note: "Sisters, checked" });
    expect(cleared.json.data.decidedAt).not.toBeNull();
    await sweepReferrals(r.db, inDays(30), { storeId: r.shop.id });
    expect((await entriesOf(r.db, r.shop.id, held.id))[0]?.state).toBe("payable");
    expect((await entriesOf(r.db, r.shop.id, other.id))[0]?.state).toBe("pending");

    const open = await r.owner.as("/api/staff/referrals/reviews", {});
    expect(open.json.data.records.map((v: { id: number }) => v.id)).toEqual([other.reviewId]);
    const decided = await r.owner.as("/api/staff/referrals/reviews", { state: "cleared" });
    expect(decided.json.data.records.map((v: { id: number }) => v.id)).toEqual([held.reviewId]);
    const audit = await r.owner.as("/api/staff/audit", { action: "referral.review" });
    expect(audit.json.data.records[0]).toMatchObject({
      subject: `order:${held.orderNumber}`,
      after: { state: "cleared", note: "Sisters, checked" },
    });
  });

  it("refusing cancels the commission and gives the month's commission back; deciding again is refused", async () => {
    const { r, held } = await heldShop();
    expect(await monthOf(r.db, r.shop.id, r.referrer.userId)).toMatchObject({ commission: 100 });
    const refused = await r.owner.as("/api/staff/referrals/reviews/decide", {
      id: held.reviewId,
      decision: "refuse",
    });
    expectOk(refused);
    expect(refused.json.data).toMatchObject({ state: "refused", note: null });
    expect((await entriesOf(r.db, r.shop.id, held.id))[0]?.state).toBe("cancelled");
    expect(await monthOf(r.db, r.shop.id, r.referrer.userId)).toMatchObject({ commission: 50 });
    for (const decision of ["clear", "refuse"])
      expectError(
        await r.owner.as("/api/staff/referrals/reviews/decide", { id: held.reviewId, decision }),
        "REFERRAL_STATE_CHANGED",
      );
    await sweepReferrals(r.db, inDays(30), { storeId: r.shop.id });
    expect((await entriesOf(r.db, r.shop.id, held.id))[0]?.state).toBe("cancelled");
  });

  it("decided by two staff at once is decided once", async () => {
    const { r, held } = await heldShop();
    const manager = await r.owner.member("manager");
    const answers = await Promise.all([
      r.owner.as("/api/staff/referrals/reviews/decide", { id: held.reviewId, decision: "clear" }),
      r.owner.as("/api/staff/referrals/reviews/decide", { id: held.reviewId, decision: "refuse" }, manager),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const audit = await r.owner.as("/api/staff/audit", { action: "referral.review" });
    expect(audit.json.data.records).toHaveLength(1);
  });

  it("an unknown review, or another shop's, is not found; a bad decision is invalid", async () => {
    const { r, held } = await heldShop();
    expectError(
      await r.owner.as("/api/staff/referrals/reviews/decide", { id: 999_999, decision: "clear" }),
      "NOT_FOUND",
    );
    const other = await shopOwner(await openShop());
    expectError(
      await other.as("/api/staff/referrals/reviews/decide", { id: held.reviewId, decision: "clear" }),
      "NOT_FOUND",
    );
    expect((await other.as("/api/staff/referrals/reviews", {})).json.data.total).toBe(0);
    expectError(
      await r.owner.as("/api/staff/referrals/reviews/decide", { id: held.reviewId, decision: "approve" }),
      "INVALID_INPUT",
    );
    expectError(
      await r.owner.as("/api/staff/referrals/reviews/decide", {
        id: held.reviewId,
        decision: "clear",
        note: "x".repeat(501),
      }),
      "INVALID_INPUT",
    );
    expectError(await r.owner.as("/api/staff/referrals/reviews", { state: "closed" }), "INVALID_INPUT");
  });
});

describe("a referrer's totals", () => {
  /** Sums by state as the console lists them, and by the entries themselves. */
  async function sums(r: ReferralShop) {
    const listed: Record<string, number> = {};
    for (const state of ["pending", "payable", "paid", "cancelled"]) {
      const list = await r.owner.as("/api/staff/referrals/commissions", { state });
      const records = list.json.data.records as { amount: number; referrer: { id: number } }[];
      expect(list.json.data.sum).toBe(records.reduce((sum, c) => sum + c.amount, 0));
      listed[state] = list.json.data.sum;
    }
    const rows = await rowsOf<{ state: string; sum: number }>(
      r.db,
      sql`SELECT state, sum(amount)::int AS sum FROM referral_commissions
        WHERE store_id = ${r.shop.id} AND referrer_id = ${r.referrer.userId} GROUP BY state`,
    );
    const entries = Object.fromEntries(rows.map((row) => [row.state, Number(row.sum)]));
    return { listed, entries };
  }

  it("always equal the sum of their entries, after every move", async () => {
    const r = await referralShop();
    await r.db.insert(referralSettings).values({ storeId: r.shop.id, enabled: true, payToWallet: false });
    const check = async () => {
      const { listed, entries } = await sums(r);
      for (const state of ["pending", "payable", "paid", "cancelled"])
        expect(listed[state], state).toBe(entries[state] ?? 0);
    };
    const a = await r.referredOrder({ moves: DELIVER });
    const b = await r.referredOrder({ apples: 8, moves: DELIVER });
    const c = await r.referredOrder({ moves: ["confirm"] });
    await check();
    await sweepReferrals(r.db, inDays(15), { storeId: r.shop.id });
    await check();
    expectOk(
      await r.owner.as("/api/staff/orders/refund", {
        orderId: a.id,
        lines: [{ orderLineId: a.lines[0]?.id, quantity: 1 }],
      }),
    );
    await check();
    expectOk(await r.owner.as("/api/staff/orders/cancel", { orderId: c.id, reason: "Closed" }));
    await sweepReferrals(r.db, new Date(), { storeId: r.shop.id });
    await check();
    const [eb] = await entriesOf(r.db, r.shop.id, b.id);
    expectOk(await r.owner.as("/api/staff/referrals/commissions/pay", { ids: [eb?.id] }));
    await check();
    // Switched to the wallet: what is still payable goes there, exactly what the entries say.
    await r.db
      .update(referralSettings)
      .set({ payToWallet: true })
      .where(and(eq(referralSettings.storeId, r.shop.id)));
    await sweepReferrals(r.db, inDays(15), { storeId: r.shop.id });
    await check();
    const { entries } = await sums(r);
    expect(entries).toMatchObject({ paid: 50 - 13 + 100, cancelled: 50 });
    expect(await r.shop.walletOf(r.referrer.userId)).toBe(50 - 13);
  });
});
