import { randomUUID } from "node:crypto";
import { CHECKOUT_ERROR_KEYS, ERROR_MESSAGES, messageText } from "@stoa/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { UNVERIFIED_RECIPIENT_MESSAGES_PER_HOUR } from "../notifications/outbox.ts";
import { DEFAULT_UNPAID_HOLDS } from "../stores/tables.ts";
import { client, freshEmail, inbox, registerVerified } from "../test/accounts.ts";
import { setPricing } from "../test/checkout-store.ts";
import { expectError } from "../test/expect-error.ts";
import { type CallResult, testHarness } from "../test/harness.ts";
import { APPROVED_CARD, cashDelivery, openShop, type Shop } from "../test/shops.ts";

/*
 * What orders paid on delivery or collection may hold (decision 040): a guest session is free, so
 * what bounds a guest is what their unpaid orders hold, per order and per shopper, not how many
 * guests share an address. Card orders are paid when placed and are not limited.
 */

beforeAll(async () => {
  await testHarness();
});

type Api = ReturnType<typeof client>;
type Shopper = { api: Api; token: string };

function apples(shop: Shop, quantity: number, extra: Record<string, unknown> = {}) {
  return cashDelivery([{ productId: shop.apple, quantity }], extra);
}

function create({ api, token }: Shopper, body: unknown, locale?: string) {
  return api("POST", "/api/storeOrder/create", {
    token,
    body,
    headers: { "Idempotency-Key": randomUUID() },
    ...(locale ? { locale } : {}),
  });
}

function expectPlaced(result: CallResult) {
  expect(result.json.code, result.json.msg).toBe("0");
  return result.json.data.order.id as number;
}

async function guest(shop: Shop, api: Api = client(shop.domain)): Promise<Shopper> {
  const session = await api("POST", "/api/auth/login/session", { body: {} });
  expect(session.json.code, session.json.msg).toBe("0");
  return { api, token: session.json.data.token as string };
}

function cancel({ api, token }: Shopper, orderId: number) {
  return api("POST", "/api/storeOrder/cancel/storeCustomer", { token, body: { orderId } });
}

describe("one order paid on delivery or collection", () => {
  it("holds no more than the shop's defaults: the hoarder's one order of a shop's whole stock is refused", async () => {
    const shop = await openShop();
    const hoarder = await guest(shop);
    const refused = await create(hoarder, apples(shop, DEFAULT_UNPAID_HOLDS.unitsPerOrder + 1));
    expectError(refused, "UNPAID_ORDER_TOO_LARGE");
    expect(refused.json.data.limits).toEqual({
      units: DEFAULT_UNPAID_HOLDS.unitsPerOrder,
      value: DEFAULT_UNPAID_HOLDS.valuePerOrder,
    });
    expect(refused.json.msg).toBe(
      messageText("error-unpaid-order-too-large", "en", { units: "50", value: "$1,000.00" }),
    );
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.orderCount()).toBe(0);
    expectPlaced(await create(hoarder, apples(shop, DEFAULT_UNPAID_HOLDS.unitsPerOrder)));
  });

  it("is limited in units and in value as the shop sets them, and says the limits in the shopper's language", async () => {
    const shop = await openShop();
    await shop.setUnpaidHolds({ unpaidUnitsPerOrder: 10, unpaidValuePerOrder: 2000 });
    const shopper = await guest(shop);
    expectError(await create(shopper, apples(shop, 9)), "UNPAID_ORDER_TOO_LARGE");
    const hebrew = await create(
      shopper,
      cashDelivery([{ productId: shop.tee.id, variationId: shop.tee.small, quantity: 2 }]),
      "he",
    );
    expectError(hebrew, "UNPAID_ORDER_TOO_LARGE");
    expect(hebrew.json.msg).toContain("10");
    expect(hebrew.json.msg).toContain("20.00");
    expect(hebrew.json.msg).not.toBe(messageText("error-unpaid-order-too-large", "en", {}));
    expect(ERROR_MESSAGES.he["error-unpaid-order-too-large"]).toContain("{{units}}");
    // 8 apples are 20.00, exactly the limit.
    expectPlaced(await create(shopper, apples(shop, 8)));
    expect(await shop.stockOf(shop.apple)).toBe(92);
  });

  it("does not limit a card order, paid when it is placed", async () => {
    const shop = await openShop();
    await shop.setUnpaidHolds({ unpaidUnitsPerOrder: 1, unpaidValuePerOrder: 100 });
    const shopper = await guest(shop);
    const paid = await create(
      shopper,
      apples(shop, 60, { payment_gateway: "test-card", credit_card: APPROVED_CARD }),
    );
    expectPlaced(paid);
    expect(paid.json.data.order.paymentStatus).toBe("authorized");
  });
});

describe("one shopper's orders paid on delivery or collection", () => {
  it("hold no more together than the shop allows; a cancelled one frees its share", async () => {
    const shop = await openShop();
    await shop.setUnpaidHolds({ unpaidUnitsPerShopper: 10, unpaidValuePerShopper: 10_000 });
    const shopper = await guest(shop);
    const first = expectPlaced(await create(shopper, apples(shop, 6)));
    expectPlaced(await create(shopper, apples(shop, 4)));
    const refused = await create(shopper, apples(shop, 1));
    expectError(refused, "UNPAID_HOLDS_TOO_LARGE");
    expect(refused.json.data.limits).toEqual({ units: 10, value: 10_000 });
    expect(refused.json.msg).toBe(
      messageText("error-unpaid-holds-too-large", "en", { units: "10", value: "$100.00" }),
    );
    expect(await shop.stockOf(shop.apple)).toBe(90);
    // Another shopper has an allowance of their own.
    expectPlaced(await create(await guest(shop), apples(shop, 10)));

    expect((await cancel(shopper, first)).json.code).toBe("0");
    expectPlaced(await create(shopper, apples(shop, 6)));
  });

  it("are limited by value too", async () => {
    const shop = await openShop();
    await shop.setUnpaidHolds({ unpaidValuePerShopper: 1000 });
    const shopper = await guest(shop);
    expectPlaced(await create(shopper, apples(shop, 3)));
    expectError(await create(shopper, apples(shop, 2)), "UNPAID_HOLDS_TOO_LARGE");
    expectPlaced(await create(shopper, apples(shop, 1)));
  });
});

describe("guests behind one address", () => {
  it("are never turned away by a restaurant's crowd: 200 guest checkouts from one address go through", async () => {
    const shop = await openShop();
    await shop.setStock(shop.apple, 1000);
    const wifi = client(shop.domain);
    for (let i = 0; i < 200; i++) {
      const diner = await guest(shop, wifi);
      expectPlaced(
        await create(diner, {
          ...apples(shop, 2),
          delivery_type: "pickup",
          pickupOption: shop.pickupPoint,
          shipping_address: null,
        }),
      );
    }
    expect(await shop.orderCount()).toBe(200);
    expect(await shop.stockOf(shop.apple)).toBe(600);
    // The holding limits still stop the one who hoards, whatever the address.
    const hoarder = await guest(shop, wifi);
    expectError(await create(hoarder, apples(shop, 500)), "UNPAID_ORDER_TOO_LARGE");
  }, 120_000);
});

describe("confirmations to an address nobody proved", () => {
  it("are sent only a few times an hour to one address, while the orders go through", async () => {
    const shop = await openShop();
    const stranger = freshEmail();
    const sent = UNVERIFIED_RECIPIENT_MESSAGES_PER_HOUR + 2;
    for (let i = 0; i < sent; i++)
      expectPlaced(await create(await guest(shop), apples(shop, 1, { customer_contact: stranger })));
    expect(await shop.orderCount()).toBe(sent);
    expect(await inbox(stranger)).toHaveLength(UNVERIFIED_RECIPIENT_MESSAGES_PER_HOUR);
    // From any shop of the deployment.
    const other = await openShop();
    expectPlaced(await create(await guest(other), apples(other, 1, { customer_contact: stranger })));
    expect(await inbox(stranger)).toHaveLength(UNVERIFIED_RECIPIENT_MESSAGES_PER_HOUR);
    // Another address is not affected.
    const neighbour = freshEmail();
    expectPlaced(await create(await guest(shop), apples(shop, 1, { customer_contact: neighbour })));
    expect(await inbox(neighbour)).toHaveLength(1);
  });

  it("do not count a customer's own proved address", async () => {
    const shop = await openShop({ unpaidOrderLimit: 20 });
    const api = client(shop.domain);
    const { token, email } = await registerVerified(api);
    const customer = { api, token };
    const before = (await inbox(email)).length;
    const orders = UNVERIFIED_RECIPIENT_MESSAGES_PER_HOUR + 2;
    for (let i = 0; i < orders; i++)
      expectPlaced(await create(customer, apples(shop, 1, { customer_contact: email })));
    expect(await inbox(email)).toHaveLength(before + orders);
  });
});

describe("a tip", () => {
  it("above the goods of the order is refused at create, on its field", async () => {
    const shop = await openShop();
    const { handle } = await testHarness();
    await setPricing(handle.db, shop.id, { tipAllowed: true });
    const shopper = await guest(shop);
    // Two apples are 5.00 of goods: a tip of 1000.00 is a slip or money passed under another name.
    const refused = await create(
      shopper,
      apples(shop, 2, { tip_option: { type: "amount", value: 100_000 } }),
    );
    expectError(refused, "INVALID_INPUT");
    expect(refused.json.data.errors).toEqual({ tip_option: CHECKOUT_ERROR_KEYS.tipTooLarge });
    expect(await shop.orderCount()).toBe(0);
    const asMuch = await create(shopper, apples(shop, 2, { tip_option: { type: "amount", value: 500 } }));
    expectPlaced(asMuch);
    expect(asMuch.json.data.order.totals.tip).toBe(500);
  });
});
