import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../catalogue/tables.ts";
import { linkKeys } from "../orders/links.ts";
import { storeById } from "../stores/service.ts";
import { client, inbox, registerVerified } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { TEST_DOWNLOADS, testHarness } from "../test/harness.ts";
import {
  APPROVED_CARD as card,
  cashDelivery,
  openShop,
  putDownload,
  SHOP_STAFF,
  type Shop,
} from "../test/shops.ts";
import { cardOfCode } from "./codes.ts";
import { redeemGiftCard, sendDueGiftCards, spendGiftCard } from "./service.ts";

/*
 * Gift cards (issue 31): a card is money kept for later, so no coupon discounts it and no tax is
 * charged on it; each card bought has its own code once the order is paid; a code is redeemed once
 * into the customer's credit, which checkout spends; staff look a card up and adjust it, on record.
 */

let db: Awaited<ReturnType<typeof testHarness>>["handle"]["db"];
beforeAll(async () => {
  db = (await testHarness()).handle.db;
});

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

  it("downloads as a printable file with each card's code and value, not the product's file", async () => {
    const shop = await giftShop();
    const { api, buyer, codes } = await buyCards(shop, 2);
    const list = await api("GET", "/api/storeOrder/downloads/storeCustomer", { token: buyer.token });
    const link = new URL(list.json.data.records[0].url);
    const orderLineId = link.pathname.split("/").at(-1);
    const file = await api("GET", `/api/storeOrder/download/${orderLineId}${link.search}`, {
      token: buyer.token,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain("gift-card-");
    expect(file.json.msg.startsWith("%PDF-1.4")).toBe(true);
    for (const code of codes) expect(file.json.msg).toContain(code);
    expect(file.json.msg).toMatch(/Worth [A-Z]{3} 20\.00/);
    expect(file.json.msg).not.toContain("GIFT CARD");
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

/** A guest session of the shop: anyone may pay with a gift card. */
async function guest(shop: Shop) {
  const api = client(shop.domain);
  const session = await api("POST", "/api/auth/login/session", { body: {} });
  return { api, token: session.json.data.token as string };
}

describe("paying with a gift card at checkout", () => {
  it("lets a guest pay partly or wholly with a card across orders, never below zero", async () => {
    const shop = await giftShop();
    const { codes } = await buyCards(shop, 1);
    const code = codes[0] as string;
    const { api, token } = await guest(shop);
    // 4 apples: 10.00 + 1.00 tax + 5.00 delivery = 16.00, all of it from the card (20.00).
    const apples = cashDelivery([{ productId: shop.apple, quantity: 4 }], { gift_card: code.toLowerCase() });
    const priced = await api("POST", "/api/storeOrder/calculate", { token, body: apples });
    expect(priced.json.data.totals).toMatchObject({ giftCard: 1600, payable_amount: 0 });
    expect(priced.json.data.giftCard).toMatchObject({ balance: 2000, amount: 1600 });
    const first = await api("POST", "/api/storeOrder/create", {
      token,
      body: apples,
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(first.json.code, first.json.msg).toBe("0");
    expect(first.json.data.order.totals).toMatchObject({ giftCard: 1600, payable_amount: 0 });
    // The next order takes the 4.00 left; cash pays the rest.
    const second = await api("POST", "/api/storeOrder/create", {
      token,
      body: apples,
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(second.json.code, second.json.msg).toBe("0");
    expect(second.json.data.order.totals).toMatchObject({ giftCard: 400, payable_amount: 1200 });
    // Nothing is left: the card no longer pays, and create refuses it as typed.
    const empty = await api("POST", "/api/storeOrder/calculate", { token, body: apples });
    expect(empty.json.data.giftCardError).toBe("error-gift-card-empty");
    expect(empty.json.data.totals.giftCard).toBe(0);
    const refused = await api("POST", "/api/storeOrder/create", {
      token,
      body: apples,
      headers: { "Idempotency-Key": randomUUID() },
    });
    expectError(refused, "INVALID_INPUT");
    expect(refused.json.data.errors).toMatchObject({ gift_card: "error-gift-card-empty" });
  });

  it("refuses a wrong code, slowing down whoever keeps guessing", async () => {
    const shop = await giftShop();
    const { api, token } = await guest(shop);
    const body = (code: string) =>
      cashDelivery([{ productId: shop.apple, quantity: 1 }], { gift_card: code });
    const priced = await api("POST", "/api/storeOrder/calculate", {
      token,
      body: body("0000-0000-0000-0000"),
    });
    expect(priced.json.data.giftCardError).toBe("error-gift-card-invalid");
    expect(priced.json.data.totals.giftCard).toBe(0);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await api("POST", "/api/storeOrder/calculate", { token, body: body(`GUESS-${i}`) })).status,
      );
    expect(statuses.at(-1)).toBe(429);
  });

  it("gives the card back what a cancelled order took from it, and a refund's share", async () => {
    const shop = await giftShop();
    const { codes } = await buyCards(shop, 1);
    const code = codes[0] as string;
    const api = client(shop.domain);
    const friend = await registerVerified(api);
    const order = await api("POST", "/api/storeOrder/create", {
      token: friend.token,
      body: cashDelivery([{ productId: shop.apple, quantity: 4 }], { gift_card: code }),
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(order.json.code, order.json.msg).toBe("0");
    const staffApi = client(shop.domain);
    const staffToken = (await staffApi("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data
      .token as string;
    const lookup = async () =>
      (await staffApi("POST", "/api/staff/giftCards/lookup", { token: staffToken, body: { code } })).json
        .data;
    expect((await lookup()).value).toBe(400);
    expect((await lookup()).events).toMatchObject([
      { kind: "spent", valueBefore: 2000, valueAfter: 400, orderId: order.json.data.order.id },
    ]);
    const cancelled = await api("POST", "/api/storeOrder/cancel/storeCustomer", {
      token: friend.token,
      body: { orderId: order.json.data.order.id },
    });
    expect(cancelled.json.code, cancelled.json.msg).toBe("0");
    expect((await lookup()).value).toBe(2000);
    expect((await lookup()).events.map((e: { kind: string }) => e.kind)).toEqual(["spent", "returned"]);
    // Spent again, delivered, and the apples refunded (10.00 + 1.00 tax): back to the card.
    const again = await api("POST", "/api/storeOrder/create", {
      token: friend.token,
      body: cashDelivery([{ productId: shop.apple, quantity: 4 }], { gift_card: code }),
      headers: { "Idempotency-Key": randomUUID() },
    });
    const placed = again.json.data.order as { id: number; lines: { id: number }[] };
    for (const action of ["confirm", "startPreparing", "ship", "deliver"])
      expect(
        (
          await staffApi("POST", "/api/staff/orders/move", {
            token: staffToken,
            body: { orderId: placed.id, action },
          })
        ).json.code,
      ).toBe("0");
    const asked = await api("POST", "/api/storeOrder/refund/storeCustomer", {
      token: friend.token,
      body: { orderId: placed.id, lines: [{ orderLineId: placed.lines[0]?.id, quantity: 4 }], reason: "x" },
    });
    expect(asked.json.code, asked.json.msg).toBe("0");
    const approved = await staffApi("POST", "/api/staff/refunds/answer", {
      token: staffToken,
      body: { refundId: asked.json.data.id, decision: "approve", answer: "ok" },
    });
    expect(approved.json.data.status).toBe("refunded");
    expect((await lookup()).value).toBe(1500);
    // A card partly spent is redeemed for what is left on it.
    const redeemed = await api("POST", "/api/giftCard/redeem", { token: friend.token, body: { code } });
    expect(redeemed.json.data.value).toBe(1500);
  });
});

describe("gift cards bought as presents", () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  async function buyPresent(shop: Shop, giftRecipient: Record<string, unknown>) {
    const api = client(shop.domain);
    const buyer = await registerVerified(api);
    return {
      buyer,
      api,
      placed: await api("POST", "/api/storeOrder/create", {
        token: buyer.token,
        body: {
          products: [{ productId: shop.giftCard, quantity: 1, giftRecipient }],
          delivery_type: "digital",
          payment_gateway: "test-card",
          credit_card: card,
          customer_contact: buyer.email,
          customer_name: "Dana Levi",
        },
        headers: { "Idempotency-Key": randomUUID() },
      }),
    };
  }

  it("emails the code and the buyer's message to the recipient once, on the day chosen", async () => {
    const shop = await giftShop();
    const now = `noa.${randomUUID()}@example.com`;
    const later = `ori.${randomUUID()}@example.com`;
    const { placed, api, buyer } = await buyPresent(shop, {
      name: "Noa",
      email: now,
      message: "Happy birthday!",
    });
    expect(placed.json.code, placed.json.msg).toBe("0");
    await buyPresent(shop, { name: "Ori", email: later, sendOn: inDays(30) });
    const detail = await api("POST", "/api/storeOrder/detail/storeCustomer", {
      token: buyer.token,
      body: { orderId: placed.json.data.order.id },
    });
    expect(detail.json.data.lines[0].giftRecipient).toEqual({ name: "Noa", email: now, sendOn: null });
    const { codes } = {
      codes: (
        await api("POST", "/api/giftCard/ofOrder/storeCustomer", {
          token: buyer.token,
          body: { orderId: placed.json.data.order.id },
        })
      ).json.data.cards.map((c: { code: string }) => c.code),
    };
    const keys = async () => linkKeys(db)();
    // Two sweeps at once, as two processes: the present goes once.
    await Promise.all([sendDueGiftCards(db, keys), sendDueGiftCards(db, keys)]);
    await sendDueGiftCards(db, keys);
    const mails = await inbox(now);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("a gift card from Dana Levi");
    expect(mails[0]?.body).toContain(codes[0]);
    expect(mails[0]?.body).toContain("$20.00");
    expect(mails[0]?.body).toContain("Happy birthday!");
    expect(await inbox(later)).toHaveLength(0);
  });

  it("refuses a sending day in the past or beyond a year, and a recipient on what is no gift card", async () => {
    const shop = await giftShop();
    const past = await buyPresent(shop, { name: "Noa", email: "noa@example.com", sendOn: inDays(-2) });
    expectError(past.placed, "INVALID_INPUT");
    expect(past.placed.json.data.errors).toEqual({
      "products.0.giftRecipient.sendOn": "error-gift-send-date",
    });
    const far = await buyPresent(shop, { name: "Noa", email: "noa@example.com", sendOn: inDays(400) });
    expect(far.placed.json.data.errors).toEqual({
      "products.0.giftRecipient.sendOn": "error-gift-send-date",
    });
    const badEmail = await buyPresent(shop, { name: "", email: "nope", message: "x".repeat(501) });
    expectError(badEmail.placed, "INVALID_INPUT");
    expect(Object.keys(badEmail.placed.json.data.errors).sort()).toEqual([
      "products.0.giftRecipient.email",
      "products.0.giftRecipient.message",
      "products.0.giftRecipient.name",
    ]);
    const api = client(shop.domain);
    const { token } = await registerVerified(api);
    const apples = await api("POST", "/api/storeOrder/create", {
      token,
      body: cashDelivery([
        { productId: shop.apple, quantity: 1, giftRecipient: { name: "Noa", email: "noa@example.com" } },
      ]),
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(apples.json.data.errors).toEqual({ "products.0.giftRecipient": "error-field-invalid" });
  });
});

/** Two connection pools, as two API processes: orders racing to spend one card never overspend it. */
describe.skipIf(!process.env.TEST_DATABASE_URL)("spending one card from two API processes", () => {
  const pools = twoConnectionPools(8);

  it("takes 6.00 three times from a 20.00 card raced by eight orders, and never goes below zero", async () => {
    const shop = await giftShop();
    const { codes, orderId } = await buyCards(shop, 1);
    const keys = await linkKeys(db)();
    const ref = cardOfCode(keys.giftCards, shop.id, codes[0] as string);
    if (!ref) throw new Error("no card");
    const card = { ...ref, orderId, price: 2000 };
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pools()[i % 2 === 0 ? 0 : 1].db.transaction((tx) => spendGiftCard(tx, shop.id, card, 600, 1000 + i)),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(3);
    const staffApi = client(shop.domain);
    const staffToken = (await staffApi("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data
      .token as string;
    const after = await staffApi("POST", "/api/staff/giftCards/lookup", {
      token: staffToken,
      body: { code: codes[0] },
    });
    expect(after.json.data.value).toBe(200);
    expect(after.json.data.events.filter((e: { kind: string }) => e.kind === "spent")).toHaveLength(3);
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
