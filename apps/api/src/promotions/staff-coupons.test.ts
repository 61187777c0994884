import { randomUUID } from "node:crypto";
import { ERROR_MESSAGES, type StaffCouponForm } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../platform/http/errors.ts";
import { storeById } from "../stores/service.ts";
import { client, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { cashDelivery, openShop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { updateStaffCoupon } from "./staff-coupons.ts";
import { coupons } from "./tables.ts";

beforeAll(async () => {
  await testHarness();
});

const spring: StaffCouponForm = {
  code: "SPRING15",
  kind: "percent",
  value: 15,
  minimumOrder: 1000,
  startsOn: null,
  endsOn: null,
  maxUses: 100,
  maxUsesPerCustomer: null,
  firstOrderOnly: false,
  isActive: true,
  advertised: true,
};

describe("staff's coupons", () => {
  it("are made, listed, shown on the offers, used at checkout, and changed, each change audited", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const made = await owner.as("/api/staff/coupons/create", spring);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.data).toMatchObject({ ...spring, usedCount: 0, status: "active", currency: "USD" });
    const id = made.json.data.id as number;

    const list = await owner.as("/api/staff/coupons/list", {});
    expect(list.json.data.records.map((c: { code: string }) => c.code)).toEqual(["SPRING15"]);

    // Shoppers see it at once: the offers are not cached, and the check reads the coupon's row.
    const shopperApi = client(shop.domain);
    const offers = await shopperApi("GET", "/api/storePromotionCode/offers");
    expect(offers.json.data.records).toEqual([expect.objectContaining({ code: "SPRING15", value: 15 })]);
    const customer = await registerVerified(shopperApi);
    const check = await shopperApi("GET", "/api/storePromotionCode/get/code", {
      token: customer.token,
      query: { code: "spring15", subtotal: 1250 },
    });
    expect(check.json.data).toMatchObject({ code: "SPRING15", discount: 188 });
    const placed = await shopperApi("POST", "/api/storeOrder/create", {
      token: customer.token,
      body: cashDelivery([{ productId: shop.apple, quantity: 5 }], { coupon: "spring15" }),
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const order = placed.json.data.order;
    expect(order.coupon).toEqual({ code: "SPRING15", amount: 188 });

    const detail = await owner.as("/api/staff/coupons/detail", { couponId: id });
    expect(detail.json.data.coupon).toMatchObject({ usedCount: 1, version: made.json.data.version });
    expect(detail.json.data.uses.records).toEqual([
      {
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName: "Dana Levi",
        at: expect.any(String),
        returned: false,
      },
    ]);

    // A total limit at the uses made already is allowed: it only stops new uses.
    const changed = await owner.as("/api/staff/coupons/update", {
      ...spring,
      value: 20,
      maxUses: 1,
      couponId: id,
      version: made.json.data.version,
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data).toMatchObject({ value: 20, maxUses: 1, usedCount: 1, status: "usedUp" });
    expect(changed.json.data.version).not.toBe(made.json.data.version);
    // The order placed keeps the discount it was given.
    const kept = await owner.as("/api/staff/orders/detail", { orderId: order.id });
    expect(kept.json.data.coupon).toEqual({ code: "SPRING15", amount: 188 });
    const after = await shopperApi("GET", "/api/storePromotionCode/offers");
    expect(after.json.data.records).toEqual([]);

    const audit = await owner.as("/api/staff/audit", { action: "coupon" });
    expect(audit.json.data.records).toEqual([
      expect.objectContaining({
        action: "coupon.update",
        subject: "coupon:SPRING15",
        before: expect.objectContaining({ value: 15, maxUses: 100 }),
        after: expect.objectContaining({ value: 20, maxUses: 1 }),
      }),
      expect.objectContaining({
        action: "coupon.create",
        staffName: "Shop staff",
        before: null,
        after: expect.objectContaining({ code: "SPRING15", value: 15 }),
      }),
    ]);
  });

  it("refuses each field that is not right, on its field", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const bad = await owner.as("/api/staff/coupons/create", {
      ...spring,
      code: "no spaces",
      value: 150,
      minimumOrder: -1,
      startsOn: "2026-12-10",
      endsOn: "2026-12-01",
      maxUses: 0,
      maxUsesPerCustomer: 0,
    });
    expectError(bad, "INVALID_INPUT");
    expect(bad.json.data.errors).toEqual({
      code: "error-coupon-code-format",
      value: "error-coupon-percent",
      minimumOrder: "error-field-too-small",
      endsOn: "error-end-before-start",
      maxUses: "error-field-too-small",
      maxUsesPerCustomer: "error-field-too-small",
    });
    const fixed = await owner.as("/api/staff/coupons/create", {
      ...spring,
      code: "ab",
      kind: "fixed",
      value: 0,
      startsOn: "2026-02-30",
    });
    expect(fixed.json.data.errors).toEqual({
      code: "error-coupon-code-format",
      value: "error-field-too-small",
      startsOn: "error-field-invalid",
    });
    const kind = await owner.as("/api/staff/coupons/create", { ...spring, kind: "half" });
    expect(kind.json.data.errors).toEqual({ kind: "error-field-invalid" });
    const part = await owner.as("/api/staff/coupons/create", {
      ...spring,
      value: 12.5,
      maxUsesPerCustomer: 1.5,
    });
    expect(part.json.data.errors).toEqual({
      value: "error-field-invalid",
      maxUsesPerCustomer: "error-field-invalid",
    });
    const long = await owner.as("/api/staff/coupons/create", { ...spring, code: "A".repeat(33) });
    expect(long.json.data.errors).toEqual({ code: "error-coupon-code-format" });
    expect((await owner.as("/api/staff/coupons/list", {})).json.data.total).toBe(0);
  });

  it("keeps codes unique in the shop whatever their case, and another shop's codes apart", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    await owner.as("/api/staff/coupons/create", { ...spring, code: "Save-5" });
    const again = await owner.as("/api/staff/coupons/create", { ...spring, code: "save-5" }, owner.token);
    expectError(again, "COUPON_CODE_TAKEN");
    expect(again.json.data.errors).toEqual({ code: "error-coupon-code-taken" });
    const other = await owner.as("/api/staff/coupons/create", { ...spring, code: "OTHER" });
    const renamed = await owner.as("/api/staff/coupons/update", {
      ...spring,
      code: "SAVE-5",
      couponId: other.json.data.id,
      version: other.json.data.version,
    });
    expectError(renamed, "COUPON_CODE_TAKEN");
    // Its own code in another case is no clash.
    const recased = await owner.as("/api/staff/coupons/update", {
      ...spring,
      code: "other",
      couponId: other.json.data.id,
      version: other.json.data.version,
    });
    expect(recased.json.data.code).toBe("other");
    const elsewhere = await shopOwner(await openShop());
    expect((await elsewhere.as("/api/staff/coupons/create", { ...spring, code: "SAVE-5" })).status).toBe(200);
  });

  it("refuses an edit made from a version someone else changed, with the coupon as it stands", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const manager = await owner.member("manager");
    const made = await owner.as("/api/staff/coupons/create", spring);
    const read = { couponId: made.json.data.id, version: made.json.data.version };
    const first = await owner.as("/api/staff/coupons/update", { ...spring, ...read, value: 25 }, manager);
    expect(first.status).toBe(200);
    const second = await owner.api("POST", "/api/staff/coupons/update", {
      token: owner.token,
      locale: "ar",
      body: { ...spring, ...read, minimumOrder: 0 },
    });
    expectError(second, "STAFF_EDIT_CONFLICT");
    expect(second.json.msg).toBe(ERROR_MESSAGES.ar["error-staff-edit-conflict"]);
    expect(second.json.data.coupon).toMatchObject({
      value: 25,
      minimumOrder: 1000,
      version: first.json.data.version,
    });
    const english = await owner.as("/api/staff/coupons/update", { ...spring, ...read });
    expect(english.json.msg).toBe(
      "This was changed by someone else while you were editing. Here it is as it stands now — make your change again.",
    );
    // Made again on the version it answered, the change goes through.
    const again = await owner.as("/api/staff/coupons/update", {
      ...spring,
      couponId: read.couponId,
      version: second.json.data.coupon.version,
      value: 25,
      minimumOrder: 0,
    });
    expect(again.json.data).toMatchObject({ value: 25, minimumOrder: 0 });
    const audit = await owner.as("/api/staff/audit", { action: "coupon.update" });
    expect(audit.json.data.records).toHaveLength(2);
  });

  it("says days in the shop's time zone, and lists by status and code, newest first, a page at a time", async () => {
    const shop = await openShop({ timezone: "Asia/Jerusalem" });
    const owner = await shopOwner(shop);
    const made = await owner.as("/api/staff/coupons/create", {
      ...spring,
      code: "WINTER",
      startsOn: "2099-12-01",
      endsOn: "2099-12-31",
    });
    expect(made.json.data).toMatchObject({
      startsOn: "2099-12-01",
      endsOn: "2099-12-31",
      status: "scheduled",
    });
    const { handle } = await testHarness();
    const [row] = await handle.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.storeId, shop.id), eq(coupons.id, made.json.data.id)));
    // Jerusalem is two hours ahead of UTC in winter: the first moment of 1 December is 22:00 the day before.
    expect(row?.startsAt?.toISOString()).toBe("2099-11-30T22:00:00.000Z");
    expect(row?.endsAt?.toISOString()).toBe("2099-12-31T22:00:00.000Z");

    await owner.as("/api/staff/coupons/create", { ...spring, code: "OFFNOW", isActive: false });
    await owner.as("/api/staff/coupons/create", {
      ...spring,
      code: "PAST",
      startsOn: "2020-01-01",
      endsOn: "2020-01-31",
    });
    await shop.addCoupon("FULL", { maxUses: 2, usedCount: 2 });
    for (let i = 0; i < 3; i++) await owner.as("/api/staff/coupons/create", { ...spring, code: `NOW-${i}` });
    const codes = async (body: unknown, query?: Record<string, number>) =>
      (await owner.as("/api/staff/coupons/list", body, owner.token, { query })).json.data;
    expect((await codes({})).records.map((c: { code: string }) => c.code)).toEqual([
      "NOW-2",
      "NOW-1",
      "NOW-0",
      "FULL",
      "PAST",
      "OFFNOW",
      "WINTER",
    ]);
    const byStatus = async (status: string) =>
      (await codes({ status })).records.map((c: { code: string }) => c.code);
    expect(await byStatus("scheduled")).toEqual(["WINTER"]);
    expect(await byStatus("off")).toEqual(["OFFNOW"]);
    expect(await byStatus("ended")).toEqual(["PAST"]);
    expect(await byStatus("usedUp")).toEqual(["FULL"]);
    expect(await byStatus("active")).toEqual(["NOW-2", "NOW-1", "NOW-0"]);
    expect((await codes({ q: "now" })).records.map((c: { code: string }) => c.code)).toEqual([
      "NOW-2",
      "NOW-1",
      "NOW-0",
      "OFFNOW",
    ]);
    const second = await codes({ q: "now" }, { limit: 2, page: 2 });
    expect(second).toMatchObject({ total: 4, last_page: 2, current_page: 2 });
    expect(second.records.map((c: { code: string }) => c.code)).toEqual(["NOW-0", "OFFNOW"]);
    expectError(await owner.as("/api/staff/coupons/list", { status: "gone" }), "INVALID_INPUT");
  });

  it("refuses another shop's staff and coupons, shoppers, no session, and roles without the catalogue", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const made = await owner.as("/api/staff/coupons/create", spring);
    const id = made.json.data.id as number;
    const update = { ...spring, couponId: id, version: made.json.data.version };
    const calls: [string, unknown][] = [
      ["/api/staff/coupons/list", {}],
      ["/api/staff/coupons/detail", { couponId: id }],
      ["/api/staff/coupons/create", { ...spring, code: "MORE" }],
      ["/api/staff/coupons/update", update],
    ];
    const manager = await owner.member("manager");
    expect((await owner.as("/api/staff/coupons/list", {}, manager)).status).toBe(200);
    const staff = await owner.member("staff");
    const kitchen = await owner.member("kitchen");
    const shopper = await registerVerified(client(shop.domain));
    const other = await shopOwner(await openShop());
    for (const [path, body] of calls) {
      expectError(await owner.as(path, body, staff), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, kitchen), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.as(path, body, shopper.token), "INVALID_SESSION");
      expectError(await owner.api("POST", path, { body }), "UNAUTHORIZED");
      expectError(await client(shop.domain)("POST", path, { token: other.token, body }), "FORBIDDEN");
    }
    // Another shop's owner asking their own shop for this one's coupon finds none.
    expectError(await other.as("/api/staff/coupons/detail", { couponId: id }), "NOT_FOUND");
    expectError(await other.as("/api/staff/coupons/update", update), "NOT_FOUND");
    expect((await owner.as("/api/staff/coupons/list", {})).json.data.total).toBe(1);
  });
});

describe("reading staff's coupons", () => {
  it("reads no table whole: the list along the primary key, a coupon's uses by their own index", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const made = await owner.as("/api/staff/coupons/create", spring);
    const findings = await plansOf(async () => {
      await owner.as("/api/staff/coupons/list", { q: "spr", status: "active" });
      await owner.as("/api/staff/coupons/detail", { couponId: made.json.data.id });
    }, /^\s*select .* from "(coupons|coupon_redemptions)"/i);
    expect(findings.length).toBeGreaterThanOrEqual(4);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two edits of one coupon from two API processes", () => {
  const pools = twoConnectionPools(2);

  it("writes one and refuses the other as a conflict", async () => {
    const shop = await openShop();
    const owner = await shopOwner(shop);
    const made = await owner.as("/api/staff/coupons/create", spring);
    const store = await storeById((await testHarness()).handle.db, shop.id);
    if (!store) throw new Error("no store");
    const staffId = (await owner.as("/api/staff/me")).json.data.id as number;
    const read = { couponId: made.json.data.id as number, version: made.json.data.version as string };
    const [a, b] = pools();
    const outcomes = await Promise.allSettled([
      updateStaffCoupon(a.db, store, staffId, { ...spring, ...read, value: 30 }),
      updateStaffCoupon(b.db, store, staffId, { ...spring, ...read, value: 40 }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ApiError);
    expect((refused.reason as ApiError).kind).toBe("STAFF_EDIT_CONFLICT");
    const written = outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<{
      value: number;
    }>;
    const detail = await owner.as("/api/staff/coupons/detail", { couponId: read.couponId });
    expect(detail.json.data.coupon.value).toBe(written.value.value);
    const audit = await owner.as("/api/staff/audit", { action: "coupon.update" });
    expect(audit.json.data.records).toHaveLength(1);
  });
});
