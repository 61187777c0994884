import { CHECKOUT_ERROR_KEYS, checkoutRequestSchema, ERROR_MESSAGES } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.ts";
import { priceCheckout } from "../pricing/service.ts";
import { addCoupon, type CheckoutStore, createCheckoutStore, shopper } from "../test/checkout-store.ts";
import { call, testHarness } from "../test/harness.ts";
import { checkCoupon, redeemCoupon, returnCoupon } from "./service.ts";
import { couponRedemptions, coupons } from "./tables.ts";

let db: Database;
let shop: CheckoutStore;
let other: CheckoutStore;
let customer: Awaited<ReturnType<typeof shopper>>;
let guest: Awaited<ReturnType<typeof shopper>>;

const DAY = 86_400_000;
let orderCounter = 5000;
const nextOrder = () => ++orderCounter;

async function check(code: string, token = customer.token, query: Record<string, string | number> = {}) {
  return call("GET", "/api/storePromotionCode/get/code", {
    domain: shop.domain,
    token,
    query: { code, ...query },
  });
}

async function reason(code: string, who = customer, goods: number | null = 10_000) {
  const verdict = await checkCoupon(db, shop.store.id, code, who, goods);
  return "error" in verdict ? verdict.error : "applies";
}

async function usedCount(couponId: number) {
  const [row] = await db
    .select({ n: coupons.usedCount })
    .from(coupons)
    .where(and(eq(coupons.storeId, shop.store.id), eq(coupons.id, couponId)));
  return row?.n;
}

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  shop = await createCheckoutStore(db, "coupons");
  other = await createCheckoutStore(db, "coupons-other");
  customer = await shopper(db, shop.store);
  guest = await shopper(db, shop.store, "guest");
});

describe("GET /api/storePromotionCode/get/code", () => {
  it("answers the coupon's kind, value, minimum and what it takes off, whatever the case typed", async () => {
    const ends = new Date(Date.now() + 30 * DAY);
    await addCoupon(db, shop.store.id, {
      code: "Spring15",
      kind: "percent",
      value: 15,
      minimumOrder: 2000,
      endsAt: ends,
    });
    const { status, json } = await check("sPRING15", customer.token, { subtotal: 3333 });
    expect(status).toBe(200);
    expect(json.data).toEqual({
      code: "Spring15",
      kind: "percent",
      value: 15,
      minimumOrder: 2000,
      firstOrderOnly: false,
      endsAt: ends.toISOString(),
      // 15 % of 33.33 = 4.9995 → 5.00.
      discount: 500,
    });
    expect((await check("spring15")).json.data.discount).toBeNull();
  });

  it("works for a guest session and refuses a call without a token", async () => {
    await addCoupon(db, shop.store.id, { code: "GUESTOK", kind: "fixed", value: 300 });
    expect((await check("GUESTOK", guest.token, { subtotal: 200 })).json.data.discount).toBe(200);
    const missing = await call("GET", "/api/storePromotionCode/get/code", {
      domain: shop.domain,
      query: { code: "GUESTOK" },
    });
    expect(missing.status).toBe(401);
  });

  it("answers the translated invalid-coupon error with the reason, for an unknown code or another store's", async () => {
    await addCoupon(db, other.store.id, { code: "ELSEWHERE" });
    for (const code of ["NOSUCH", "ELSEWHERE"]) {
      const { status, json } = await call("GET", "/api/storePromotionCode/get/code", {
        domain: shop.domain,
        token: customer.token,
        locale: "ar",
        query: { code },
      });
      expect(status).toBe(422);
      expect(json.code).toBe("2012");
      expect(json.msg).toBe(ERROR_MESSAGES.ar["error-invalid-coupon"]);
      expect(json.data.errors).toEqual({ code: CHECKOUT_ERROR_KEYS.couponInvalid });
    }
    await addCoupon(db, shop.store.id, { code: "OLDONE", endsAt: new Date(Date.now() - DAY) });
    const expired = await check("OLDONE");
    expect(expired.json).toMatchObject({
      code: "2012",
      data: { errors: { code: CHECKOUT_ERROR_KEYS.couponExpired } },
    });
    const below = await check("SPRING15", customer.token, { subtotal: 1999 });
    expect(below.json.data.errors).toEqual({ code: CHECKOUT_ERROR_KEYS.couponMinimum });
    expect((await check("")).status).toBe(400);
  });
});

describe("guessing codes", () => {
  it("is slowed down per address and customer: after ten unknown codes every code waits, right ones too", async () => {
    await addCoupon(db, shop.store.id, { code: "REALONE", kind: "fixed", value: 100 });
    const guesser = await shopper(db, shop.store);
    const from = (ip: string, token: string) => (code: string) =>
      call("GET", "/api/storePromotionCode/get/code", {
        domain: shop.domain,
        token,
        query: { code },
        headers: { "x-forwarded-for": ip },
      });
    const guess = from("10.9.8.7", guesser.token);
    for (let i = 0; i < 10; i += 1) expect((await guess(`NOPE${i}`)).status).toBe(422);
    const waiting = await guess("REALONE");
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(waiting.json.data.errors).toEqual({ code: CHECKOUT_ERROR_KEYS.couponTooManyTries });
    // Checkout says so beside the totals, without the coupon, and places nothing with it.
    const body = {
      products: [{ productId: shop.ids.plain, quantity: 1 }],
      delivery_type: "pickup",
      payment_gateway: "cash",
      coupon: "REALONE",
    };
    const calculated = await call("POST", "/api/storeOrder/calculate", {
      domain: shop.domain,
      token: guesser.token,
      body,
      headers: { "x-forwarded-for": "10.9.8.7" },
    });
    expect(calculated.json.data).toMatchObject({
      coupon: null,
      couponError: CHECKOUT_ERROR_KEYS.couponTooManyTries,
    });
    // The same customer elsewhere waits too (guesses from many addresses), and the address for anyone.
    expect((await from("10.9.8.6", guesser.token)("REALONE")).status).toBe(429);
    expect((await from("10.9.8.7", customer.token)("REALONE")).status).toBe(429);
    // Someone else, from elsewhere, is not slowed down; a right code is not a failure.
    const other = await shopper(db, shop.store);
    const fine = from("10.9.8.5", other.token);
    for (let i = 0; i < 12; i += 1) expect((await fine("REALONE")).status).toBe(200);
  });
});

describe("coupon rules", () => {
  it("refuses a switched-off coupon and one that has not started or has ended", async () => {
    await addCoupon(db, shop.store.id, { code: "OFF", isActive: false });
    await addCoupon(db, shop.store.id, { code: "LATER", startsAt: new Date(Date.now() + DAY) });
    await addCoupon(db, shop.store.id, { code: "ENDED", endsAt: new Date(Date.now() - 1000) });
    await addCoupon(db, shop.store.id, {
      code: "NOW",
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
    });
    expect(await reason("OFF")).toBe(CHECKOUT_ERROR_KEYS.couponInvalid);
    expect(await reason("LATER")).toBe(CHECKOUT_ERROR_KEYS.couponNotStarted);
    expect(await reason("ENDED")).toBe(CHECKOUT_ERROR_KEYS.couponExpired);
    expect(await reason("NOW")).toBe("applies");
  });

  it("checks the minimum on the goods before the discount, and never takes off more than the goods", async () => {
    await addCoupon(db, shop.store.id, { code: "BIG", kind: "fixed", value: 5000, minimumOrder: 1000 });
    expect(await reason("BIG", customer, 999)).toBe(CHECKOUT_ERROR_KEYS.couponMinimum);
    const atMinimum = await checkCoupon(db, shop.store.id, "BIG", customer, 1000);
    expect(atMinimum).toMatchObject({ discount: 1000 });
  });

  it("counts uses in all and per customer, and gives a use back when its order is cancelled", async () => {
    const once = await addCoupon(db, shop.store.id, { code: "ONCEEACH", maxUsesPerCustomer: 1 });
    const twice = await addCoupon(db, shop.store.id, { code: "TWICE", maxUses: 2 });
    const first = nextOrder();
    expect(await redeemCoupon(db, shop.store.id, once.id, customer.id, first)).toBe(true);
    expect(await reason("ONCEEACH")).toBe(CHECKOUT_ERROR_KEYS.couponUsedUp);
    expect(await redeemCoupon(db, shop.store.id, once.id, customer.id, nextOrder())).toBe(false);
    const someoneElse = await shopper(db, shop.store);
    expect(await reason("ONCEEACH", someoneElse)).toBe("applies");
    await returnCoupon(db, shop.store.id, first);
    await returnCoupon(db, shop.store.id, first);
    expect(await usedCount(once.id)).toBe(0);
    expect(await reason("ONCEEACH")).toBe("applies");

    expect(await redeemCoupon(db, shop.store.id, twice.id, customer.id, nextOrder())).toBe(true);
    expect(await redeemCoupon(db, shop.store.id, twice.id, someoneElse.id, nextOrder())).toBe(true);
    expect(await reason("TWICE", await shopper(db, shop.store))).toBe(CHECKOUT_ERROR_KEYS.couponUsedUp);
    expect(await redeemCoupon(db, shop.store.id, twice.id, customer.id, nextOrder())).toBe(false);
    expect(await usedCount(twice.id)).toBe(2);
    const rows = await db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.storeId, shop.store.id), eq(couponRedemptions.couponId, twice.id)));
    expect(rows).toHaveLength(2);
  });

  it("keeps first-order coupons and limits per customer for signed-in customers", async () => {
    await addCoupon(db, shop.store.id, { code: "FIRST", firstOrderOnly: true });
    await addCoupon(db, shop.store.id, { code: "EACHONCE", maxUsesPerCustomer: 1 });
    await addCoupon(db, shop.store.id, { code: "ANYONE", kind: "fixed", value: 100 });
    expect(await reason("FIRST", guest)).toBe(CHECKOUT_ERROR_KEYS.couponSignIn);
    expect(await reason("EACHONCE", guest)).toBe(CHECKOUT_ERROR_KEYS.couponSignIn);
    expect(await reason("ANYONE", guest)).toBe("applies");
  });

  it("refuses a first-order coupon to a customer who has ordered, as the order history says", async () => {
    const newcomer = await shopper(db, shop.store);
    const first = await addCoupon(db, shop.store.id, {
      code: "NEWHERE",
      firstOrderOnly: true,
      kind: "fixed",
      value: 200,
    });
    expect(await reason("NEWHERE", newcomer)).toBe("applies");
    const ordered = await checkCoupon(db, shop.store.id, "NEWHERE", newcomer, 1000, async () => true);
    expect(ordered).toEqual({ error: CHECKOUT_ERROR_KEYS.couponFirstOrder });
    // Without the orders module's history, a redemption of any coupon counts as an earlier order.
    const anyone = await addCoupon(db, shop.store.id, { code: "WARMUP", kind: "fixed", value: 100 });
    await redeemCoupon(db, shop.store.id, anyone.id, newcomer.id, nextOrder());
    expect(await reason("NEWHERE", newcomer)).toBe(CHECKOUT_ERROR_KEYS.couponFirstOrder);
    expect(first.firstOrderOnly).toBe(true);
  });

  it("applies in calculate, and says why not without refusing the totals", async () => {
    const request = (coupon: string) =>
      checkoutRequestSchema.parse({
        products: [{ productId: shop.ids.sale, quantity: 2 }],
        delivery_type: "delivery",
        coupon,
      });
    await addCoupon(db, shop.store.id, { code: "TENOFF", kind: "percent", value: 10 });
    const applied = await priceCheckout(db, shop.store, customer, request("tenoff"), "en");
    expect(applied.couponId).not.toBeNull();
    expect(applied.calculation.coupon).toEqual({ code: "TENOFF", amount: 160 });
    expect(applied.calculation.totals).toMatchObject({
      totalAmount: 1600,
      discount: 160,
      payable_amount: 1440,
    });
    const foreign = await priceCheckout(db, shop.store, customer, request("ELSEWHERE"), "en");
    expect(foreign.couponId).toBeNull();
    expect(foreign.calculation).toMatchObject({
      coupon: null,
      couponError: CHECKOUT_ERROR_KEYS.couponInvalid,
      totals: { discount: 0, payable_amount: 1600 },
    });
    expect(foreign.fieldErrors.coupon).toBe(CHECKOUT_ERROR_KEYS.couponInvalid);
  });
});
