import {
  type Calculation,
  CHECKOUT_ERROR_KEYS,
  type CheckoutRequestInput,
  checkoutRequestSchema,
  FIELD_ERROR_KEYS,
  maxTip,
} from "@stoa/contract";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { products } from "../catalogue/tables.ts";
import type { Database } from "../platform/db/database.ts";
import {
  addCoupon,
  addPickupPoint,
  addPostOption,
  balanceOf,
  type CheckoutStore,
  createCheckoutStore,
  setBalance,
  setDelivery,
  setPricing,
  shopper,
} from "../test/checkout-store.ts";
import { call, testHarness } from "../test/harness.ts";
import {
  creditWallet,
  debitWallet,
  deliveryFeeFor,
  priceCheckout,
  shareOut,
  verifiedResponseOf,
} from "./service.ts";
import { walletEntries } from "./tables.ts";

let db: Database;
let shop: CheckoutStore;
let customer: Awaited<ReturnType<typeof shopper>>;
let guest: Awaited<ReturnType<typeof shopper>>;

const address = (over: Partial<{ country: string; city: string; zip: string }> = {}) => ({
  customerName: "Dana Levi",
  address: { street_address: "1 Main St", country: "USA", city: "Springfield", zip: "62701", ...over },
});

const body = (over: Partial<CheckoutRequestInput>): CheckoutRequestInput => ({
  products: [],
  delivery_type: "pickup",
  ...over,
});

async function calculate(request: CheckoutRequestInput, token = customer.token, domain = shop.domain) {
  return call("POST", "/api/storeOrder/calculate", { domain, token, body: request });
}

async function calculation(request: CheckoutRequestInput, token = customer.token): Promise<Calculation> {
  const { status, json } = await calculate(request, token);
  expect(status, JSON.stringify(json)).toBe(200);
  return json.data as Calculation;
}

/** The service itself, for what create reads beside the wire answer. */
function price(request: CheckoutRequestInput, who: { id: number; kind: "customer" | "guest" } = customer) {
  return priceCheckout(db, shop.store, who, checkoutRequestSchema.parse(request), "en");
}

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  shop = await createCheckoutStore(db, "pricing");
  customer = await shopper(db, shop.store);
  guest = await shopper(db, shop.store, "guest");
});

beforeEach(async () => {
  await setPricing(db, shop.store.id, {});
  await setDelivery(db, shop.store.id, {});
});

describe("POST /api/storeOrder/calculate", () => {
  it("prices the lines from the catalogue and answers the totals of the final total helper", async () => {
    await setPricing(db, shop.store.id, { taxRateBp: 1000, deliveryFee: 500 });
    const data = await calculation(
      body({
        delivery_type: "delivery",
        shipping_address: address(),
        products: [
          { productId: shop.ids.plain, quantity: 2, price: 335 },
          { productId: shop.ids.sale, quantity: 1 },
        ],
      }),
    );
    expect(data.currency).toBe("USD");
    expect(data.hasProblems).toBe(false);
    expect(data.lines.map((l) => [l.unitPrice, l.quantity, l.lineTotal, l.tax, l.problems])).toEqual([
      [335, 2, 670, 67, []],
      [800, 1, 800, 80, []],
    ]);
    expect(data.lines[0]).toMatchObject({
      id: `${shop.ids.plain}::`,
      productId: shop.ids.plain,
      variationId: null,
      name: `Product PLAIN-${shop.store.id}`,
      sku: `PLAIN-${shop.store.id}`,
      isDigital: false,
      stock: 50,
    });
    expect(data.totals).toEqual({
      totalAmount: 1470,
      tax: 147,
      taxIncluded: false,
      shipping_charge: 500,
      discount: 0,
      tip: 0,
      giftCard: 0,
      wallet: 0,
      payable_amount: 2117,
    });
    expect(data.verified_response).toMatch(/^v1\.[\w-]{43}$/);
    expect(data.coupon).toBeNull();
    expect(data.couponError).toBeNull();
  });

  it("names variation options and add-ons in the caller's language and prices them", async () => {
    const { json } = await call("POST", "/api/storeOrder/calculate", {
      domain: shop.domain,
      token: customer.token,
      locale: "he",
      body: body({
        products: [
          { productId: shop.ids.varied, variationId: shop.variations.large, quantity: 1 },
          {
            productId: shop.ids.dish,
            quantity: 2,
            addOns: { toppings: ["cheese", "olives"], crust: ["stuffed"] },
          },
        ],
      }),
    });
    const [varied, dish] = json.data.lines;
    expect(varied).toMatchObject({
      unitPrice: 1600,
      options: ["גדול"],
      sku: `VARIED-L-${shop.store.id}`,
      stock: 1,
    });
    // 12.00 + stuffed 2.50 + cheese 1.50 + olives 1.00, in the groups' order whatever the order picked.
    expect(dish).toMatchObject({ unitPrice: 1700, lineTotal: 3400, options: ["ממולא", "זיתים", "גבינה"] });
    expect(dish.id).toBe(`${shop.ids.dish}::crust=stuffed,toppings=cheese,toppings=olives`);
    expect(json.data.totals.totalAmount).toBe(1600 + 3400);
  });

  it("marks each line that cannot be sold and leaves it out of the totals", async () => {
    const [otherStoreProduct] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.storeId, 41))
      .orderBy(asc(products.id))
      .limit(1);
    const lines: CheckoutRequestInput["products"] = [
      { productId: 2_000_000_000, quantity: 1 },
      { productId: otherStoreProduct?.id as number, quantity: 1 },
      { productId: shop.ids.hidden, quantity: 1 },
      { productId: shop.ids.soldOut, quantity: 1 },
      { productId: shop.ids.varied, quantity: 1 },
      { productId: shop.ids.varied, variationId: shop.variations.gone, quantity: 1 },
      { productId: shop.ids.varied, variationId: 2_000_000_000, quantity: 1 },
      { productId: shop.ids.plain, variationId: shop.variations.small, quantity: 1 },
      { productId: shop.ids.dish, quantity: 1 },
      { productId: shop.ids.dish, quantity: 1, addOns: { crust: ["thin", "stuffed"] } },
      { productId: shop.ids.dish, quantity: 1, addOns: { crust: ["thin"], toppings: ["anchovies"] } },
      { productId: shop.ids.dish, quantity: 1, addOns: { crust: ["thin"], sauce: ["bbq"] } },
      { productId: shop.ids.plain, quantity: 1 },
    ];
    const data = await calculation(body({ products: lines }));
    expect(data.lines.map((l) => l.problems)).toEqual([
      ...lines.slice(0, -1).map(() => [{ kind: "unavailable" }]),
      [],
    ]);
    expect(data.hasProblems).toBe(true);
    expect(data.lines[0]).toMatchObject({ name: "", unitPrice: 0, lineTotal: 0 });
    expect(data.lines[1]).toMatchObject({ name: "", unitPrice: 0 });
    expect(data.totals.totalAmount).toBe(335);
  });

  it("says how many are left when fewer are in stock than asked, across lines of the same stock", async () => {
    const data = await calculation(
      body({
        products: [
          { productId: shop.ids.few, quantity: 3 },
          { productId: shop.ids.dish, quantity: 3, addOns: { crust: ["thin"] } },
          { productId: shop.ids.dish, quantity: 3, addOns: { crust: ["stuffed"] } },
          { productId: shop.ids.varied, variationId: shop.variations.small, quantity: 3 },
        ],
      }),
    );
    expect(data.lines.map((l) => l.problems)).toEqual([
      [{ kind: "short_stock", available: 2 }],
      [{ kind: "short_stock", available: 5 }],
      [{ kind: "short_stock", available: 5 }],
      [],
    ]);
  });

  it("never charges the price a client sends: a different one is reported as changed", async () => {
    const data = await calculation(
      body({
        products: [
          { productId: shop.ids.plain, quantity: 3, price: 1 },
          { productId: shop.ids.sale, quantity: 1, price: 1000 },
        ],
      }),
    );
    expect(data.lines.map((l) => l.problems)).toEqual([
      [{ kind: "price_changed", was: 1, now: 335 }],
      [{ kind: "price_changed", was: 1000, now: 800 }],
    ]);
    expect(data.totals.totalAmount).toBe(3 * 335 + 800);
  });

  it("rounds tax once per line, then sums (7.25 %)", async () => {
    await setPricing(db, shop.store.id, { taxRateBp: 725 });
    const data = await calculation(
      body({
        products: [
          // 3 × 3.35 = 10.05 → 72.8625 cents of tax → 73.
          { productId: shop.ids.plain, quantity: 3 },
          // 2.00 → 14.5 cents, twice: 15 + 15 = 30, where the sum of 4.00 would give 29.
          { productId: shop.ids.twoHundred, quantity: 1 },
          { productId: shop.ids.twoHundred, quantity: 1, addOns: {} },
          { productId: shop.ids.few, quantity: 1 },
        ],
      }),
    );
    expect(data.lines.map((l) => l.tax)).toEqual([73, 15, 15, 7]);
    expect(data.totals).toMatchObject({ totalAmount: 1505, tax: 110, payable_amount: 1615 });
  });

  it("shows the tax inside prices that include it without adding it", async () => {
    await setPricing(db, shop.store.id, { taxRateBp: 1700, pricesIncludeTax: true });
    const data = await calculation(
      body({
        products: [
          { productId: shop.ids.sale, quantity: 1 },
          { productId: shop.ids.plain, quantity: 1 },
        ],
      }),
    );
    // 8.00 holds 1.1624 → 1.16; 3.35 holds 0.4867 → 0.49.
    expect(data.lines.map((l) => l.tax)).toEqual([116, 49]);
    expect(data.totals).toMatchObject({ tax: 165, taxIncluded: true, payable_amount: 1135 });
  });

  it("takes a product's own tax rate on its lines instead of the shop's, and the shop's on the others", async () => {
    await setPricing(db, shop.store.id, { taxRateBp: 1000 });
    const rate = (productId: number, taxRateBp: number | null) =>
      db
        .update(products)
        .set({ taxRateBp })
        .where(and(eq(products.storeId, shop.store.id), eq(products.id, productId)));
    // A reduced rate (5 %) and a zero rate, which must not fall back to the shop's 10 %.
    await rate(shop.ids.plain, 500);
    await rate(shop.ids.twoHundred, 0);
    try {
      const data = await calculation(
        body({
          products: [
            // 3 × 3.35 = 10.05 at 5 % → 50.25 → 50.
            { productId: shop.ids.plain, quantity: 3 },
            { productId: shop.ids.twoHundred, quantity: 1 },
            // The shop's 10 % of 8.00.
            { productId: shop.ids.sale, quantity: 1 },
          ],
        }),
      );
      expect(data.lines.map((l) => l.tax)).toEqual([50, 0, 80]);
      expect(data.totals).toMatchObject({ tax: 130 });
    } finally {
      await rate(shop.ids.plain, null);
      await rate(shop.ids.twoHundred, null);
    }
  });

  it("takes tax on what each line costs after the coupon's share", async () => {
    await setPricing(db, shop.store.id, { taxRateBp: 1000 });
    await addCoupon(db, shop.store.id, { code: "TAXED50", kind: "fixed", value: 500 });
    const data = await calculation(
      body({
        coupon: "taxed50",
        products: [
          { productId: shop.ids.sale, quantity: 1 },
          { productId: shop.ids.twoHundred, quantity: 1 },
        ],
      }),
    );
    // 5.00 off 10.00 of goods: 4.00 off the 8.00 line, 1.00 off the 2.00 line.
    expect(data.lines.map((l) => l.tax)).toEqual([40, 10]);
    expect(data.coupon).toEqual({ code: "TAXED50", amount: 500 });
    expect(data.totals).toMatchObject({ totalAmount: 1000, discount: 500, tax: 50, payable_amount: 550 });
  });

  it("charges the flat delivery fee, a zone's fee, and nothing at or above the free-delivery threshold", async () => {
    await setPricing(db, shop.store.id, {
      deliveryFee: 700,
      deliveryZones: [
        { zipPrefix: "627", fee: 200 },
        { country: "usa", city: "SHELBYVILLE", fee: 900 },
        { country: "Canada", fee: 1500 },
      ],
      freeDeliveryAbove: 3000,
    });
    const shippingTo = async (to: ReturnType<typeof address> | null, quantity = 1, coupon?: string) =>
      (
        await calculation(
          body({
            delivery_type: "delivery",
            shipping_address: to,
            coupon: coupon ?? null,
            products: [{ productId: shop.ids.sale, quantity }],
          }),
        )
      ).totals.shipping_charge;
    expect(await shippingTo(address())).toBe(200);
    expect(await shippingTo(address({ zip: "627 05" }))).toBe(200);
    expect(await shippingTo(address({ zip: "90210", city: "Shelbyville" }))).toBe(900);
    expect(await shippingTo(address({ zip: "H2X", country: "canada", city: "Montreal" }))).toBe(1500);
    expect(await shippingTo(address({ zip: "10001", city: "New York" }))).toBe(700);
    expect(await shippingTo(null)).toBe(700);
    // 4 × 8.00 = 32.00 reaches 30.00; with 5.00 off it is 27.00 of goods and pays delivery again.
    expect(await shippingTo(address({ zip: "10001" }), 4)).toBe(0);
    await addCoupon(db, shop.store.id, { code: "FREEBASIS", kind: "fixed", value: 500 });
    expect(await shippingTo(address({ zip: "10001" }), 4, "FREEBASIS")).toBe(700);
    expect(
      deliveryFeeFor({ deliveryFee: 700, deliveryZones: [] }, { country: "X", city: "Y", zip: "1" }),
    ).toBe(700);
  });

  it("charges nothing for pickup and the chosen option's price for post, with their names", async () => {
    const one = await addPickupPoint(db, shop.store.id, "north");
    const pickup = await price(body({ products: [{ productId: shop.ids.plain, quantity: 1 }] }));
    expect(pickup.calculation.totals.shipping_charge).toBe(0);
    expect(pickup.deliveryOptionName).toBe("Counter north");
    expect(pickup.fieldErrors.pickupOption).toBeUndefined();
    const two = await addPickupPoint(db, shop.store.id, "south");
    const unnamed = await price(body({ products: [{ productId: shop.ids.plain, quantity: 1 }] }));
    expect(unnamed.fieldErrors.pickupOption).toBe(FIELD_ERROR_KEYS.required);
    const named = await price(
      body({ pickupOption: two, products: [{ productId: shop.ids.plain, quantity: 1 }] }),
    );
    expect(named.deliveryOptionName).toBe("Counter south");
    const foreign = await price(
      body({ pickupOption: one + 100_000, products: [{ productId: shop.ids.plain, quantity: 1 }] }),
    );
    expect(foreign.fieldErrors.pickupOption).toBe(FIELD_ERROR_KEYS.invalid);

    const noPost = await price(
      body({ delivery_type: "post", products: [{ productId: shop.ids.plain, quantity: 1 }] }),
    );
    expect(noPost.fieldErrors.delivery_type).toBe(CHECKOUT_ERROR_KEYS.deliveryTypeUnavailable);
    const express = await addPostOption(db, shop.store.id, "express", 1499);
    await addPostOption(db, shop.store.id, "standard", 599);
    const post = await price(
      body({
        delivery_type: "post",
        delivery_post: express,
        shipping_address: address(),
        payment_gateway: "test-card",
        products: [{ productId: shop.ids.plain, quantity: 1 }],
      }),
    );
    expect(post.calculation.totals.shipping_charge).toBe(1499);
    expect(post.deliveryOptionName).toBe("Post express");
    expect(post.fieldErrors).toEqual({});
    const unchosen = await price(
      body({ delivery_type: "post", products: [{ productId: shop.ids.plain, quantity: 1 }] }),
    );
    expect(unchosen.calculation.totals.shipping_charge).toBe(0);
    expect(unchosen.fieldErrors).toMatchObject({
      delivery_post: FIELD_ERROR_KEYS.required,
      shipping_address: FIELD_ERROR_KEYS.required,
    });
  });

  it("adds a tip as a percent of the goods or an amount, only where the shop takes tips", async () => {
    const goods = [{ productId: shop.ids.plain, quantity: 3 }];
    const refused = await calculation(body({ tip_option: { type: "amount", value: 300 }, products: goods }));
    expect(refused.totals.tip).toBe(0);
    await setPricing(db, shop.store.id, { tipAllowed: true });
    // 15 % of 10.05 = 1.5075 → 1.51.
    const percent = await calculation(body({ tip_option: { type: "percent", value: 15 }, products: goods }));
    expect(percent.totals).toMatchObject({ tip: 151, payable_amount: 1005 + 151 });
    const amount = await calculation(body({ tip_option: { type: "amount", value: 300 }, products: goods }));
    expect(amount.totals).toMatchObject({ tip: 300, payable_amount: 1305 });
    const tooMuch = await calculate(body({ tip_option: { type: "percent", value: 101 }, products: goods }));
    expect(tooMuch.status).toBe(400);
  });

  it("refuses a tip above the goods of the order, as the contract's bound says", async () => {
    await setPricing(db, shop.store.id, { tipAllowed: true });
    const goods = [{ productId: shop.ids.plain, quantity: 3 }];
    const asMuch = await price(body({ tip_option: { type: "amount", value: 1005 }, products: goods }));
    expect(asMuch.fieldErrors.tip_option).toBeUndefined();
    expect(maxTip(asMuch.calculation.totals.totalAmount)).toBe(1005);
    const above = await price(body({ tip_option: { type: "amount", value: 1006 }, products: goods }));
    expect(above.fieldErrors.tip_option).toBe(CHECKOUT_ERROR_KEYS.tipTooLarge);
    const whole = await price(body({ tip_option: { type: "percent", value: 100 }, products: goods }));
    expect(whole.fieldErrors.tip_option).toBeUndefined();
  });

  it("answers a guest session, and a missing token, another store's token or a bad body as errors", async () => {
    const goods = body({ products: [{ productId: shop.ids.plain, quantity: 1 }] });
    expect((await calculate(goods, guest.token)).json.code).toBe("0");
    const missing = await call("POST", "/api/storeOrder/calculate", { domain: shop.domain, body: goods });
    expect(missing.status).toBe(401);
    const elsewhere = await calculate(goods, customer.token, "localhost");
    expect(elsewhere.status).toBe(403);
    const zero = await calculate(body({ products: [{ productId: shop.ids.plain, quantity: 0 }] }));
    expect(zero.status).toBe(400);
    expect(zero.json.data.errors).toHaveProperty("products.0.quantity");
  });

  it("prices the same inside a transaction, as create does, with the window, coupon and wallet read there", async () => {
    await setPricing(db, shop.store.id, { taxRateBp: 725, deliveryFee: 300 });
    await addCoupon(db, shop.store.id, { code: "INSIDE", kind: "fixed", value: 100 });
    const rich = await shopper(db, shop.store);
    await setBalance(db, shop.store.id, rich.id, 250);
    const request = checkoutRequestSchema.parse(
      body({
        delivery_type: "delivery",
        shipping_address: address(),
        coupon: "INSIDE",
        use_wallet: true,
        payment_gateway: "cash",
        products: [
          { productId: shop.ids.plain, quantity: 2 },
          { productId: shop.ids.dish, quantity: 1, addOns: { crust: ["thin"] } },
        ],
      }),
    );
    const outside = await priceCheckout(db, shop.store, rich, request, "en");
    const inside = await db.transaction((tx) => priceCheckout(tx, shop.store, rich, request, "en"));
    expect(inside).toEqual(outside);
    expect(inside.calculation.totals).toMatchObject({ discount: 100, shipping_charge: 300, wallet: 250 });
  });

  it("gives the same proof for the same cart and another one once a price changes", async () => {
    const request = body({ products: [{ productId: shop.ids.twoHundred, quantity: 2 }] });
    const first = await calculation(request);
    expect((await calculation(request)).verified_response).toBe(first.verified_response);
    const { verified_response: _proof, ...rest } = first;
    expect(verifiedResponseOf(rest)).toBe(first.verified_response);
    await db.update(products).set({ price: 210 }).where(eq(products.id, shop.ids.twoHundred));
    try {
      expect((await calculation(request)).verified_response).not.toBe(first.verified_response);
    } finally {
      await db.update(products).set({ price: 200 }).where(eq(products.id, shop.ids.twoHundred));
    }
  });
});

describe("wallet credit", () => {
  it("spends the balance up to the total, never for a guest", async () => {
    const rich = await shopper(db, shop.store);
    await setBalance(db, shop.store.id, rich.id, 700);
    const goods = [{ productId: shop.ids.plain, quantity: 3 }];
    const used = await calculation(body({ use_wallet: true, products: goods }), rich.token);
    expect(used.walletBalance).toBe(700);
    expect(used.totals).toMatchObject({ wallet: 700, payable_amount: 305 });
    const unused = await calculation(body({ use_wallet: false, products: goods }), rich.token);
    expect(unused.totals).toMatchObject({ wallet: 0, payable_amount: 1005 });
    const small = await calculation(
      body({ use_wallet: true, products: [{ productId: shop.ids.twoHundred, quantity: 1 }] }),
      rich.token,
    );
    expect(small.totals).toMatchObject({ wallet: 200, payable_amount: 0 });
    await setBalance(db, shop.store.id, guest.id, 700);
    const asGuest = await calculation(body({ use_wallet: true, products: goods }), guest.token);
    expect(asGuest).toMatchObject({ walletBalance: 0, totals: { wallet: 0, payable_amount: 1005 } });
  });

  it("debits only what the balance covers and records every change", async () => {
    const saver = await shopper(db, shop.store);
    await creditWallet(db, shop.store.id, saver.id, 500, null, "welcome");
    expect(await debitWallet(db, shop.store.id, saver.id, 300, 9001)).toBe(true);
    expect(await debitWallet(db, shop.store.id, saver.id, 300, 9002)).toBe(false);
    expect(await balanceOf(db, shop.store.id, saver.id)).toBe(200);
    await creditWallet(db, shop.store.id, saver.id, 300, 9001, "order-cancelled");
    expect(await debitWallet(db, shop.store.id, saver.id, 500, 9003)).toBe(true);
    expect(await balanceOf(db, shop.store.id, saver.id)).toBe(0);
    expect(await debitWallet(db, shop.store.id, guest.id + 10_000, 1, 9004)).toBe(false);
    const entries = await db
      .select({ amount: walletEntries.amount, reason: walletEntries.reason, orderId: walletEntries.orderId })
      .from(walletEntries)
      .where(and(eq(walletEntries.storeId, shop.store.id), eq(walletEntries.customerId, saver.id)))
      .orderBy(asc(walletEntries.id));
    expect(entries).toEqual([
      { amount: 500, reason: "welcome", orderId: null },
      { amount: -300, reason: "order", orderId: 9001 },
      { amount: 300, reason: "order-cancelled", orderId: 9001 },
      { amount: -500, reason: "order", orderId: 9003 },
    ]);
  });
});

describe("what create must refuse", () => {
  const cart = () => [{ productId: shop.ids.plain, quantity: 1 }];

  it("asks for an address, a way to pay, and refuses cash where it cannot be handed over", async () => {
    const noAddress = await price(body({ delivery_type: "delivery", products: cart() }));
    expect(noAddress.fieldErrors).toEqual({
      shipping_address: FIELD_ERROR_KEYS.required,
      payment_gateway: CHECKOUT_ERROR_KEYS.paymentRequired,
    });
    const ready = await price(
      body({
        delivery_type: "delivery",
        shipping_address: address(),
        payment_gateway: "cash",
        products: cart(),
      }),
    );
    expect(ready.fieldErrors).toEqual({});
    const postCash = await price(
      body({ delivery_type: "post", shipping_address: address(), payment_gateway: "cash", products: cart() }),
    );
    expect(postCash.fieldErrors.payment_gateway).toBe(CHECKOUT_ERROR_KEYS.cashNotAccepted);
  });

  it("keeps downloads for digital goods and asks for an email to send them to", async () => {
    const ebook = [{ productId: shop.ids.ebook, quantity: 1 }];
    const asked = await price(
      body({
        delivery_type: "digital",
        customer_contact: "not an email",
        payment_gateway: "cash",
        products: ebook,
      }),
    );
    expect(asked.fieldErrors).toEqual({
      customer_contact: FIELD_ERROR_KEYS.emailFormat,
      payment_gateway: CHECKOUT_ERROR_KEYS.cashNotAccepted,
    });
    expect(asked.calculation.lines[0]?.isDigital).toBe(true);
    const fine = await price(
      body({
        delivery_type: "digital",
        customer_contact: "dana@example.com",
        payment_gateway: "test-card",
        products: ebook,
      }),
    );
    expect(fine.fieldErrors).toEqual({});
    expect(fine.calculation.totals.shipping_charge).toBe(0);
    const mixed = await price(
      body({
        delivery_type: "digital",
        customer_contact: "",
        payment_gateway: "test-card",
        products: [...ebook, ...cart()],
      }),
    );
    expect(mixed.fieldErrors).toEqual({
      delivery_type: CHECKOUT_ERROR_KEYS.digitalOnly,
      customer_contact: FIELD_ERROR_KEYS.emailRequired,
    });
    await setPricing(db, shop.store.id, { deliveryFee: 500 });
    const shipped = await price(
      body({
        delivery_type: "delivery",
        shipping_address: address(),
        payment_gateway: "test-card",
        products: ebook,
      }),
    );
    expect(shipped.fieldErrors).toEqual({ delivery_type: CHECKOUT_ERROR_KEYS.digitalNeedsNoShipping });
  });

  it("asks for no way to pay when the wallet covers everything", async () => {
    const covered = await shopper(db, shop.store);
    await setBalance(db, shop.store.id, covered.id, 10_000);
    const free = await price(
      body({ delivery_type: "delivery", shipping_address: address(), use_wallet: true, products: cart() }),
      covered,
    );
    expect(free.calculation.totals.payable_amount).toBe(0);
    expect(free.fieldErrors).toEqual({});
  });

  it("refuses a delivery type the shop does not offer", async () => {
    await setDelivery(db, shop.store.id, { offersDelivery: false });
    const refused = await price(
      body({
        delivery_type: "delivery",
        shipping_address: address(),
        payment_gateway: "cash",
        products: cart(),
      }),
    );
    expect(refused.fieldErrors).toEqual({ delivery_type: CHECKOUT_ERROR_KEYS.deliveryTypeUnavailable });
  });
});

describe("shareOut", () => {
  it("splits an amount in proportion, in whole units that add up exactly", () => {
    expect(shareOut(500, [800, 200])).toEqual([400, 100]);
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(7, [])).toEqual([]);
    const shares = shareOut(999, [333, 333, 334, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(999);
  });
});
