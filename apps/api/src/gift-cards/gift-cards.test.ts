import { randomUUID } from "node:crypto";
import { ERRORS, type ErrorName } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../catalogue/tables.ts";
import { linkKeys } from "../orders/links.ts";
import { storeById } from "../stores/service.ts";
import { client, inbox, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { type CallResult, TEST_DOWNLOADS, testHarness } from "../test/harness.ts";
import {
  APPROVED_CARD as card,
  cashDelivery,
  openShop,
  putDownload,
  SHOP_STAFF,
  type Shop,
} from "../test/shops.ts";
import { redeemGiftCard } from "./service.ts";

/*
 * Gift cards (issue 31): a card is money kept for later, so no coupon discounts it and no tax is
 * charged on it; each card bought has its own code once the order is paid; a code is redeemed once
 * into the customer's credit, which checkout spends; staff look a card up and adjust it, on record.
 */

let db: Awaited<ReturnType<typeof testHarness>>["handle"]["db"];
beforeAll(async () => {
  db = (await testHarness()).handle.db;
});

function expectError(result: CallResult, kind: ErrorName) {
  expect({ status: result.status, code: result.json.code }).toEqual({
    status: ERRORS[kind].status,
    code: ERRORS[kind].code,
  });
}

/** A shop with 10 % tax whose digital product is a gift card (20.00), and a 10 % coupon. */
async function giftShop(): Promise<Shop> {
  const shop = await openShop({ taxRateBp: 1000 });
  await db
    .update(products)
    .set({ isGiftCard: true })
    .where(and(eq(products.storeId, shop.id), eq(products.id, shop.giftCard)));
  await putDownload(TEST_DOWNLOADS, shop.id, "gift-card.txt", "GIFT CARD");
  await shop.addCoupon("SAVE10");
  return shop;
}

/** A verified customer buys `quantity` gift cards by card: paid and delivered at once. */
async function buyCards(shop: Shop, quantity: number) {
  const api = client(shop.domain);
  const buyer = await registerVerified(api);
  const placed = await api("POST", "/api/storeOrder/create", {
    token: buyer.token,
    body: {
      products: [{ productId: shop.giftCard, quantity }],
      delivery_type: "digital",
      payment_gateway: "test-card",
      credit_card: card,
      customer_contact: buyer.email,
      customer_name: "Dana Levi",
    },
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(placed.json.code, placed.json.msg).toBe("0");
  const orderId = placed.json.data.order.id as number;
  const cards = await api("POST", "/api/giftCard/ofOrder/storeCustomer", {
    token: buyer.token,
    body: { orderId },
  });
  expect(cards.json.code, cards.json.msg).toBe("0");
  return {
    api,
    buyer,
    orderId,
    codes: cards.json.data.cards.map((c: { code: string }) => c.code) as string[],
  };
}

describe("gift cards at checkout", () => {
  it("are neither discounted by a coupon nor taxed when sold", async () => {
    const shop = await giftShop();
    const api = client(shop.domain);
    const { token } = await registerVerified(api);
    const priced = await api("POST", "/api/storeOrder/calculate", {
      token,
      body: {
        ...cashDelivery([
          { productId: shop.giftCard, quantity: 1 },
          { productId: shop.apple, quantity: 4 },
        ]),
        coupon: "SAVE10",
      },
    });
    expect(priced.json.code, priced.json.msg).toBe("0");
    const { lines, totals } = priced.json.data;
    // 10 % off the apples (10.00) only; tax on what the apples cost after it, none on the card.
    expect(totals.discount).toBe(100);
    expect(lines.find((l: { productId: number }) => l.productId === shop.giftCard)).toMatchObject({
      isGiftCard: true,
      tax: 0,
    });
    expect(totals.tax).toBe(90);
  });

  it("does not count a gift card towards a coupon's minimum", async () => {
    const shop = await giftShop();
    await shop.addCoupon("BIG", { minimumOrder: 1500 });
    const api = client(shop.domain);
    const { token } = await registerVerified(api);
    const priced = await api("POST", "/api/storeOrder/calculate", {
      token,
      body: {
        ...cashDelivery([
          { productId: shop.giftCard, quantity: 1 },
          { productId: shop.apple, quantity: 1 },
        ]),
        coupon: "BIG",
      },
    });
    expect(priced.json.data.totals.discount).toBe(0);
    expect(priced.json.data.couponError).not.toBeNull();
  });
});

describe("gift card codes", () => {
  it("gives each card bought its own code, on the order and in the email", async () => {
    const shop = await giftShop();
    const { codes, buyer } = await buyCards(shop, 2);
    expect(codes).toHaveLength(2);
    expect(new Set(codes).size).toBe(2);
    const [mail] = (await inbox(buyer.email)).filter((m) => m.subject.includes("we received your order"));
    for (const code of codes) expect(mail?.body).toContain(code);
  });

  it("shows no codes of another shopper's order", async () => {
    const shop = await giftShop();
    const { orderId } = await buyCards(shop, 1);
    const stranger = client(shop.domain);
    const { token } = await registerVerified(stranger);
    expectError(
      await stranger("POST", "/api/giftCard/ofOrder/storeCustomer", { token, body: { orderId } }),
      "NOT_FOUND",
    );
  });
});

describe("redeeming a gift card", () => {
  it("adds the card's value to the customer's credit once, which checkout then spends", async () => {
    const shop = await giftShop();
    const { codes } = await buyCards(shop, 1);
    const api = client(shop.domain);
    const friend = await registerVerified(api);
    const typed = (codes[0] as string).toLowerCase().replace(/-/g, " ");
    const redeemed = await api("POST", "/api/giftCard/redeem", {
      token: friend.token,
      body: { code: typed },
    });
    expect(redeemed.json.code, redeemed.json.msg).toBe("0");
    expect(redeemed.json.data).toEqual({ value: 2000, walletBalance: 2000, currency: "USD" });
    expectError(
      await api("POST", "/api/giftCard/redeem", { token: friend.token, body: { code: codes[0] } }),
      "GIFT_CARD_REDEEMED",
    );
    // Spent partly on an order (4 apples, 10.00 + 1.00 tax + 5.00 delivery), the rest kept for later.
    const order = await api("POST", "/api/storeOrder/create", {
      token: friend.token,
      body: { ...cashDelivery([{ productId: shop.apple, quantity: 4 }]), use_wallet: true },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(order.json.code, order.json.msg).toBe("0");
    expect(order.json.data.order.totals.wallet).toBe(1600);
    expect(await shop.walletOf(friend.userId)).toBe(400);
  });

  it("refuses a made-up code and another shop's code, and a caller not signed in", async () => {
    const shop = await giftShop();
    const other = await giftShop();
    const { codes: otherCodes } = await buyCards(other, 1);
    const api = client(shop.domain);
    const { token } = await registerVerified(api);
    for (const code of ["SAVE10", "0000-0000-0000-0000", otherCodes[0]]) {
      const refused = await api("POST", "/api/giftCard/redeem", { token, body: { code } });
      expectError(refused, "GIFT_CARD_INVALID");
      expect(refused.json.data.errors).toEqual({ code: "error-gift-card-invalid" });
    }
    expectError(
      await client(shop.domain)("POST", "/api/giftCard/redeem", { body: { code: "X" } }),
      "UNAUTHORIZED",
    );
  });

  it("slows down a caller who keeps guessing codes", async () => {
    const shop = await giftShop();
    const api = client(shop.domain);
    const { token } = await registerVerified(api);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        (await api("POST", "/api/giftCard/redeem", { token, body: { code: `GUESS-${i}` } })).status,
      );
    expect(answers.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});

describe("gift cards for staff", () => {
  it("looks a card up and adjusts it before it is redeemed, on record; a redeemed card stays as it is", async () => {
    const shop = await giftShop();
    const { codes, orderId } = await buyCards(shop, 1);
    const code = codes[0] as string;
    const staffApi = client(shop.domain);
    const staffToken = (await staffApi("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data
      .token as string;
    const lookup = await staffApi("POST", "/api/staff/giftCards/lookup", {
      token: staffToken,
      body: { code },
    });
    expect(lookup.json.data).toMatchObject({ orderId, value: 2000, redeemed: null, events: [] });

    const noReason = await staffApi("POST", "/api/staff/giftCards/adjust", {
      token: staffToken,
      body: { code, value: 2500, note: " " },
    });
    expectError(noReason, "INVALID_INPUT");
    const adjusted = await staffApi("POST", "/api/staff/giftCards/adjust", {
      token: staffToken,
      body: { code, value: 2500, note: "Goodwill: late delivery" },
    });
    expect(adjusted.json.data).toMatchObject({
      value: 2500,
      events: [{ kind: "adjusted", valueBefore: 2000, valueAfter: 2500, note: "Goodwill: late delivery" }],
    });
    expect(adjusted.json.data.events[0].staffId).toBeGreaterThan(0);

    const api = client(shop.domain);
    const friend = await registerVerified(api);
    expect(
      (await api("POST", "/api/giftCard/redeem", { token: friend.token, body: { code } })).json.data.value,
    ).toBe(2500);
    expectError(
      await staffApi("POST", "/api/staff/giftCards/adjust", {
        token: staffToken,
        body: { code, value: 0, note: "void" },
      }),
      "GIFT_CARD_REDEEMED",
    );
    const after = await staffApi("POST", "/api/staff/giftCards/lookup", {
      token: staffToken,
      body: { code },
    });
    expect(after.json.data.redeemed.customerId).toBe(friend.userId);
    expect(after.json.data.events.map((e: { kind: string }) => e.kind)).toEqual(["adjusted", "redeemed"]);

    // Another shop's staff and a shopper's token see nothing.
    const otherShop = await openShop();
    const otherStaff = client(otherShop.domain);
    const otherToken = (await otherStaff("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data
      .token as string;
    expectError(
      await otherStaff("POST", "/api/staff/giftCards/lookup", { token: otherToken, body: { code } }),
      "GIFT_CARD_INVALID",
    );
    const asShopper = await api("POST", "/api/staff/giftCards/lookup", {
      token: friend.token,
      body: { code },
    });
    expect(asShopper.status).toBe(401);
  });
});

/** Two connection pools, as two API processes: many customers racing to redeem one card, one wins. */
describe.skipIf(!process.env.TEST_DATABASE_URL)("redeeming one card from two API processes", () => {
  const pools = twoConnectionPools(8);

  it("credits exactly one redeemer", async () => {
    const shop = await giftShop();
    const { codes } = await buyCards(shop, 1);
    const store = await storeById(db, shop.id);
    if (!store) throw new Error("no store");
    const customers = await Promise.all(
      Array.from({ length: 8 }, () => registerVerified(client(shop.domain))),
    );
    const keys = await linkKeys(db)();
    const outcomes = await Promise.allSettled(
      customers.map((customer, i) =>
        redeemGiftCard(
          pools()[i % 2 === 0 ? 0 : 1].db,
          keys,
          store,
          customer.userId,
          codes[0] as string,
          `10.0.0.${i}`,
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const credits = await Promise.all(customers.map((c) => shop.walletOf(c.userId)));
    expect(credits.reduce((a, b) => a + b, 0)).toBe(2000);
  });
});
