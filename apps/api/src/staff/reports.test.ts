import { SALES_REPORT_MAX_DAYS } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../catalogue/tables.ts";
import { orders, refundRequests } from "../orders/tables.ts";
import { pricingSettings } from "../pricing/tables.ts";
import { client, freshEmail, inbox, linkTokenIn, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { type CallResult, testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { APPROVED_CARD, cashDelivery, openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";

const REPORT = "/api/staff/reports/sales";

function expectOk(result: CallResult) {
  expect(result.status, JSON.stringify(result.json)).toBe(200);
}

async function ownerOf(shop: Shop) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  expectOk(login);
  const token = login.json.data.token as string;
  const as = (path: string, body?: unknown, t = token) => api("POST", path, { token: t, body });
  const member = async (role: string) => {
    const email = freshEmail();
    expectOk(await as("/api/staff/accounts/invite", { email, name: `A ${role}`, role }));
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token: linkTokenIn((await inbox(email))[0]?.body ?? ""), password: "a long password 1" },
    });
    expectOk(accepted);
    return accepted.json.data.token as string;
  };
  return { api, token, as, member };
}

/**
 * A shop in Jerusalem (UTC+2 in January) with a known set of orders, each moved to a known moment
 * around midnight: what the report must add up to is written out by hand below.
 */
describe("the sales report", () => {
  let shop: Shop;
  let owner: Awaited<ReturnType<typeof ownerOf>>;
  let shopper: { token: string; userId: number };
  let refundAmount = 0;

  beforeAll(async () => {
    const { handle } = await testHarness();
    const db = handle.db;
    shop = await openShop({ timezone: "Asia/Jerusalem" });
    owner = await ownerOf(shop);
    await db.update(pricingSettings).set({ tipAllowed: true }).where(eq(pricingSettings.storeId, shop.id));
    await shop.addCoupon("SAVE10");
    shopper = await registerVerified(owner.api);
    await shop.credit(shopper.userId, 2000);
    const place = async (body: Record<string, unknown>) => {
      const placed = await owner.api("POST", "/api/storeOrder/create", { token: shopper.token, body });
      expectOk(placed);
      return placed.json.data.order as { id: number; payable_amount: number; lines: { id: number }[] };
    };
    const placedAt = async (orderId: number, at: string) => {
      await db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(and(eq(orders.storeId, shop.id), eq(orders.id, orderId)));
    };
    const move = async (orderId: number, actions: string[]) => {
      for (const action of actions) expectOk(await owner.as("/api/staff/orders/move", { orderId, action }));
    };

    // Cash: 2 apples (5.00) and 2 small tees (24.00), delivery 5.00 = 34.00; 23:30 on the 10th there.
    const cash = await place(
      cashDelivery([
        { productId: shop.apple, quantity: 2 },
        { productId: shop.tee.id, variationId: shop.tee.small, quantity: 2 },
      ]),
    );
    expect(cash.payable_amount).toBe(3400);
    await placedAt(cash.id, "2026-01-10T21:30:00Z");

    // Card: 4 apples (10.00), delivery 5.00, a 3.00 tip = 18.00; 00:30 on the 11th there.
    const card = await place(
      cashDelivery([{ productId: shop.apple, quantity: 4 }], {
        payment_gateway: "test-card",
        credit_card: APPROVED_CARD,
        tip_option: { type: "amount", value: 300 },
      }),
    );
    expect(card.payable_amount).toBe(1800);
    await placedAt(card.id, "2026-01-10T22:30:00Z");
    await move(card.id, ["confirm", "startPreparing", "ship", "deliver"]);
    const refund = await owner.as("/api/staff/orders/refund", {
      orderId: card.id,
      lines: [{ orderLineId: card.lines[0]?.id, quantity: 2 }],
      reason: "Bruised",
    });
    expectOk(refund);
    refundAmount = refund.json.data.amount;
    expect(refundAmount).toBe(500);
    // Given back at noon on the 12th there.
    await db
      .update(refundRequests)
      .set({ answeredAt: new Date("2026-01-12T10:00:00Z") })
      .where(eq(refundRequests.storeId, shop.id));

    // Wallet: 2 apples (5.00) less 10 % (0.50), delivery 5.00 = 9.50, all from the wallet; the 11th.
    const wallet = await place(
      cashDelivery([{ productId: shop.apple, quantity: 2 }], { coupon: "SAVE10", use_wallet: true }),
    );
    await placedAt(wallet.id, "2026-01-11T12:00:00Z");

    // Cancelled on the 11th, and one a minute before the range starts there: neither counts.
    const cancelled = await place(cashDelivery([{ productId: shop.apple, quantity: 1 }]));
    expectOk(await owner.as("/api/staff/orders/cancel", { orderId: cancelled.id, reason: "Asked by phone" }));
    await placedAt(cancelled.id, "2026-01-11T09:00:00Z");
    const before = await place(cashDelivery([{ productId: shop.apple, quantity: 1 }]));
    await placedAt(before.id, "2026-01-09T21:59:00Z");
  });

  it("adds up the counted orders by the shop's day, refunds by the day they were given", async () => {
    const answer = await owner.as(REPORT, { from: "2026-01-10", to: "2026-01-12" });
    expectOk(answer);
    const report = answer.json.data;
    expect(report).toMatchObject({
      timezone: "Asia/Jerusalem",
      currency: "USD",
      from: "2026-01-10",
      to: "2026-01-12",
    });
    const none = { orders: 0, goods: 0, discounts: 0, coupons: 0, tax: 0, shipping: 0, tips: 0, sales: 0 };
    expect(report.days).toEqual([
      {
        ...none,
        date: "2026-01-10",
        orders: 1,
        goods: 2900,
        shipping: 500,
        sales: 3400,
        refunds: 0,
        net: 3400,
      },
      {
        date: "2026-01-11",
        orders: 2,
        goods: 1500,
        discounts: 50,
        coupons: 50,
        tax: 0,
        shipping: 1000,
        tips: 300,
        sales: 2750,
        refunds: 0,
        net: 2750,
      },
      { ...none, date: "2026-01-12", refunds: 500, net: -500 },
    ]);
    expect(report.totals).toEqual({
      orders: 3,
      goods: 4400,
      discounts: 50,
      coupons: 50,
      tax: 0,
      shipping: 1500,
      tips: 300,
      sales: 6150,
      refunds: 500,
      net: 5650,
    });
    expect(report.months).toEqual([{ month: "2026-01", ...report.totals }]);
    expect(report.byMethod).toEqual([
      { method: "cash", orders: 1, amount: 3400 },
      { method: "test-card", orders: 1, amount: 1800 },
      { method: "wallet", orders: 1, amount: 950 },
    ]);
    expect(
      report.topByUnits.map((p: { name: string; units: number; revenue: number }) => [p.units, p.revenue]),
    ).toEqual([
      [8, 2000],
      [2, 2400],
    ]);
    expect(report.topByUnits[0].productId).toBe(shop.apple);
    expect(report.topByRevenue.map((p: { productId: number }) => p.productId)).toEqual([
      shop.tee.id,
      shop.apple,
    ]);

    // Every line was ordered in English; staff reading in Arabic get the products' Arabic names.
    const { handle } = await testHarness();
    await handle.db
      .update(products)
      .set({ nameLocalizations: { en: "apple", ar: "تفاح", he: "תפוח" } })
      .where(and(eq(products.storeId, shop.id), eq(products.id, shop.apple)));
    expect(report.topByUnits[0].name).toBe("apple");
    const inArabic = await owner.api("POST", REPORT, {
      token: owner.token,
      body: { from: "2026-01-10", to: "2026-01-12" },
      headers: { "accept-language": "ar" },
    });
    expectOk(inArabic);
    expect(inArabic.json.data.topByUnits[0]).toMatchObject({ productId: shop.apple, name: "تفاح" });

    // One day: the 11th there only.
    const day = (await owner.as(REPORT, { from: "2026-01-11", to: "2026-01-11" })).json.data;
    expect(day.totals).toMatchObject({ orders: 2, sales: 2750, refunds: 0 });
    expect(day.days).toHaveLength(1);
  });

  it("turns a named period into the shop's own days", async () => {
    const month = (await owner.as(REPORT, { period: "thisMonth" })).json.data;
    expect(month.period).toBe("thisMonth");
    expect(month.from).toBe(`${month.today.slice(0, 7)}-01`);
    expect(month.to).toBe(month.today);
    const last = (await owner.as(REPORT, { period: "lastMonth" })).json.data;
    expect(last.to < month.from).toBe(true);
    expect(last.from.endsWith("-01")).toBe(true);
    expect(last.months).toHaveLength(1);
    const days = (await owner.as(REPORT, { period: "last30Days" })).json.data;
    expect(days.days).toHaveLength(30);
    expect(days.to).toBe(month.today);
  });

  it("groups a long range by month, every day listed", async () => {
    const report = (await owner.as(REPORT, { from: "2025-12-15", to: "2026-02-10" })).json.data;
    expect(report.days).toHaveLength(58);
    expect(report.months.map((m: { month: string; orders: number }) => [m.month, m.orders])).toEqual([
      ["2025-12", 0],
      ["2026-01", 4],
      ["2026-02", 0],
    ]);
    const year = await owner.as(REPORT, { from: "2024-01-01", to: "2024-12-31" });
    expectOk(year);
    expect(year.json.data.days).toHaveLength(SALES_REPORT_MAX_DAYS);
  });

  it("refuses a range backwards, too long or not a date, with the field named", async () => {
    const backwards = await owner.as(REPORT, { from: "2026-01-12", to: "2026-01-10" });
    expectError(backwards, "INVALID_INPUT");
    expect(backwards.json.data.errors).toEqual({ to: "error-end-before-start" });
    const long = await owner.as(REPORT, { from: "2025-01-01", to: "2026-01-02" });
    expectError(long, "INVALID_INPUT");
    expect(long.json.data.errors).toEqual({ to: "error-range-too-long" });
    const notDate = await owner.as(REPORT, { from: "2026-02-30", to: "yesterday" });
    expectError(notDate, "INVALID_INPUT");
    expect(notDate.json.data.errors).toEqual({ from: "error-field-invalid", to: "error-field-invalid" });
    const nothing = await owner.as(REPORT, {});
    expectError(nothing, "INVALID_INPUT");
    expect(nothing.json.data.errors).toEqual({ from: "error-field-required", to: "error-field-required" });
    expectError(await owner.as(REPORT, { period: "lastYear" }), "INVALID_INPUT");
  });

  it("is the owner's and manager's only, of their own shop", async () => {
    const range = { from: "2026-01-10", to: "2026-01-12" };
    expectOk(await owner.as(REPORT, range, await owner.member("manager")));
    expectError(await owner.as(REPORT, range, await owner.member("staff")), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.as(REPORT, range, await owner.member("kitchen")), "STAFF_ROLE_FORBIDDEN");
    expectError(await owner.api("POST", REPORT, { body: range }), "UNAUTHORIZED");
    expectError(await owner.as(REPORT, range, shopper.token), "INVALID_SESSION");
    const other = await openShop();
    expectError(await client(other.domain)("POST", REPORT, { token: owner.token, body: range }), "FORBIDDEN");
    const otherOwner = await ownerOf(other);
    expect((await otherOwner.as(REPORT, range)).json.data.totals.orders).toBe(0);
  });

  it("reads orders and refunds through their indexes", async () => {
    const findings = await plansOf(async () => {
      await owner.as(REPORT, { from: "2025-02-01", to: "2026-01-31" });
    });
    expect(findings.length).toBeGreaterThanOrEqual(3);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
    expect(findings.map((f) => f.query).join("\n")).toContain("GROUP BY d.day, d.gateway");
  });
});
