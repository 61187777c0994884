import { randomUUID } from "node:crypto";
import { type DeliverySchedule, ERRORS, GUEST_ORDER_LINK_DAYS } from "@stoa/contract";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { deliverySettings, pickupPoints } from "../delivery/tables.ts";
import { GIVE_UP_SECONDS, reconcilePendingPayments } from "../flows/reconcile-payments.ts";
import { createLogger } from "../platform/logger.ts";
import { stores } from "../stores/tables.ts";
import { client, freshEmail, inbox, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
// Apple is 2.50 and delivery 5.00 in the test shops.
import { cashDelivery, openShop, type Shop } from "../test/shops.ts";
import { orderIdentities } from "./identities.ts";
import { linkKeys } from "./links.ts";
import { orders } from "./tables.ts";

// The shared database is made and seeded once, before the first test of the file counts its time.
beforeAll(async () => {
  await testHarness();
});

type Api = ReturnType<typeof client>;

const card = (number: string) => ({
  number,
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 2,
  cvc: "123",
  name: "Dana Levi",
});

async function shopper(shop: Shop) {
  const api = client(shop.domain);
  const account = await registerVerified(api);
  return { api, ...account };
}

async function guest(shop: Shop) {
  const api = client(shop.domain);
  const session = await api("POST", "/api/auth/login/session", { body: {} });
  return { api, token: session.json.data.token as string, userId: session.json.data.user.userId as number };
}

function create(api: Api, token: string, body: unknown, key?: string) {
  return api("POST", "/api/storeOrder/create", {
    token,
    body,
    headers: key ? { "Idempotency-Key": key } : {},
  });
}

describe("placing an order", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });

  it("places a cash order priced from the database, numbered from 1001, and takes its stock", async () => {
    const fresh = await openShop();
    const { api, token, email } = await shopper(fresh);
    const placed = await create(api, token, cashDelivery([{ productId: fresh.apple, quantity: 2 }]));
    expect(placed.status).toBe(200);
    const { order, guestAccessToken } = placed.json.data;
    expect(guestAccessToken).toBeNull();
    expect(order).toMatchObject({
      orderNumber: 1001,
      status: "placed",
      paymentStatus: "cash_due",
      fulfilmentStatus: "unfulfilled",
      delivery_type: "delivery",
      currency: "USD",
      payable_amount: 1000,
      itemCount: 2,
      payment_gateway: "cash",
      canCancel: true,
      canRequestRefund: false,
      totals: {
        totalAmount: 500,
        tax: 0,
        shipping_charge: 500,
        discount: 0,
        tip: 0,
        wallet: 0,
        payable_amount: 1000,
      },
      shipping_address: { customerName: "Dana Levi" },
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        productId: fresh.apple,
        name: "apple",
        unitPrice: 250,
        quantity: 2,
        lineTotal: 500,
      }),
    ]);
    expect(order.timeline.map((step: { status: string }) => step.status)).toEqual(["placed"]);
    expect(await fresh.stockOf(fresh.apple)).toBe(98);

    const second = await create(api, token, cashDelivery([{ productId: fresh.apple, quantity: 1 }]));
    expect(second.json.data.order.orderNumber).toBe(1002);

    const [mail] = await inbox(email);
    expect(mail?.subject).toContain("#1002");
    expect(mail?.body).toContain(`/orders/${second.json.data.order.id}`);
  });

  it("freezes the lines: a later price change does not touch the placed order", async () => {
    const { api, token } = await shopper(shop);
    const placed = await create(
      api,
      token,
      cashDelivery([{ productId: shop.tee.id, variationId: shop.tee.large, quantity: 1 }]),
    );
    expect(placed.json.data.order.lines[0]).toMatchObject({
      variationId: shop.tee.large,
      unitPrice: 1400,
      options: ["Large"],
    });
    expect(await shop.variationStockOf(shop.tee.large)).toBe(4);
    const detail = await api("POST", "/api/storeOrder/detail/storeCustomer", {
      token,
      body: { orderId: placed.json.data.order.id },
    });
    expect(detail.json.data.lines[0].unitPrice).toBe(1400);
  });

  it("needs a session", async () => {
    const api = client(shop.domain);
    expectError(
      await api("POST", "/api/storeOrder/create", {
        body: cashDelivery([{ productId: shop.apple, quantity: 1 }]),
      }),
      "UNAUTHORIZED",
    );
    for (const [method, path, body] of [
      ["POST", "/api/storeOrder/list/storeCustomer", {}],
      ["POST", "/api/storeOrder/detail/storeCustomer", { orderId: 1 }],
      ["POST", "/api/storeOrder/cancel/storeCustomer", { orderId: 1 }],
      [
        "POST",
        "/api/storeOrder/refund/storeCustomer",
        { orderId: 1, lines: [{ orderLineId: 1, quantity: 1 }], reason: "x" },
      ],
      ["POST", "/api/storeOrderRefund/list/storeCustomer", undefined],
      ["GET", "/api/storeOrder/downloads/storeCustomer", undefined],
    ] as const)
      expectError(await api(method, path, { body }), "UNAUTHORIZED");
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const { api, token } = await shopper(shop);
    const before = await shop.stockOf(shop.apple);
    const zero = await create(api, token, cashDelivery([{ productId: shop.apple, quantity: 0 }]));
    expectError(zero, "INVALID_INPUT");
    expect(zero.json.data.errors).toHaveProperty("products.0.quantity");
    const negative = await create(api, token, cashDelivery([{ productId: shop.apple, quantity: -3 }]));
    expectError(negative, "INVALID_INPUT");
    const noAddress = await create(
      api,
      token,
      cashDelivery([{ productId: shop.apple, quantity: 1 }], { shipping_address: null }),
    );
    expectError(noAddress, "INVALID_INPUT");
    expect(noAddress.json.data.errors).toHaveProperty("shipping_address");
    const noPayment = await create(
      api,
      token,
      cashDelivery([{ productId: shop.apple, quantity: 1 }], { payment_gateway: null }),
    );
    expectError(noPayment, "INVALID_INPUT");
    expect(noPayment.json.data.errors).toHaveProperty("payment_gateway");
    const badKey = await api("POST", "/api/storeOrder/create", {
      token,
      body: cashDelivery([{ productId: shop.apple, quantity: 1 }]),
      headers: { "Idempotency-Key": "no spaces allowed" },
    });
    expectError(badKey, "INVALID_INPUT");
    expect(badKey.json.data.errors).toEqual({ "Idempotency-Key": "error-field-invalid" });
    expect(await shop.stockOf(shop.apple)).toBe(before);
    const list = await api("POST", "/api/storeOrder/list/storeCustomer", { token, body: {} });
    expect(list.json.data.total).toBe(0);
  });

  it("refuses a product of another store, or one that does not exist, as unavailable", async () => {
    const other = await openShop();
    const { api, token } = await shopper(shop);
    for (const productId of [other.apple, 999_999_999]) {
      const refused = await create(api, token, cashDelivery([{ productId, quantity: 1 }]));
      expectError(refused, "OUT_OF_STOCK");
      expect(refused.json.data.calculation.lines[0].problems).toEqual([{ kind: "unavailable" }]);
    }
    expect(await other.stockOf(other.apple)).toBe(100);
  });

  it("refuses more than the stock with the new calculation, and takes nothing", async () => {
    const { api, token } = await shopper(shop);
    await shop.setStock(shop.apple, 3);
    const refused = await create(api, token, cashDelivery([{ productId: shop.apple, quantity: 4 }]));
    expectError(refused, "OUT_OF_STOCK");
    expect(refused.json.data.calculation.lines[0].problems).toContainEqual({
      kind: "short_stock",
      available: 3,
    });
    expect(await shop.stockOf(shop.apple)).toBe(3);
    await shop.setStock(shop.apple, 100);
  });

  it("never charges a price the client sends: a changed price or total is CART_CHANGED with the new totals", async () => {
    const { api, token } = await shopper(shop);
    const tampered = await create(
      api,
      token,
      cashDelivery([{ productId: shop.apple, quantity: 2, price: 1 }]),
    );
    expectError(tampered, "CART_CHANGED");
    expect(tampered.json.data.calculation.lines[0].problems).toEqual([
      { kind: "price_changed", was: 1, now: 250 },
    ]);
    expect(tampered.json.data.calculation.totals.payable_amount).toBe(1000);

    const stale = await create(
      api,
      token,
      cashDelivery([{ productId: shop.apple, quantity: 2 }], { verified_response: "forged" }),
    );
    expectError(stale, "CART_CHANGED");
    expect(stale.json.data.calculation.totals.payable_amount).toBe(1000);

    const calculated = await api("POST", "/api/storeOrder/calculate", {
      token,
      body: cashDelivery([{ productId: shop.apple, quantity: 2 }]),
    });
    const proof = calculated.json.data.verified_response;
    const placed = await create(
      api,
      token,
      cashDelivery([{ productId: shop.apple, quantity: 2 }], { verified_response: proof }),
    );
    expect(placed.status).toBe(200);
    expect(placed.json.data.order.payable_amount).toBe(1000);
  });
});

describe("the saved cart", () => {
  const savedItems = async (api: Api, token: string) =>
    ((await api("GET", "/api/cart", { token })).json.data.items as { productId: number }[]).map(
      (item) => item.productId,
    );
  const save = async (api: Api, token: string, productId: number) => {
    const saved = await api("PUT", "/api/cart", { token, body: { items: [{ productId, quantity: 2 }] } });
    expect(saved.status).toBe(200);
  };

  it("is emptied by the order that buys it, and another shopper's is left alone", async () => {
    const shop = await openShop();
    const buyer = await shopper(shop);
    const other = await shopper(shop);
    await save(buyer.api, buyer.token, shop.apple);
    await save(other.api, other.token, shop.apple);
    const placed = await create(
      buyer.api,
      buyer.token,
      cashDelivery([{ productId: shop.apple, quantity: 2 }]),
    );
    expect(placed.status).toBe(200);
    expect(await savedItems(buyer.api, buyer.token)).toEqual([]);
    expect(await savedItems(other.api, other.token)).toEqual([shop.apple]);
  });

  it("is emptied when a card order is approved, and kept when the card is declined", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    await save(api, token, shop.apple);
    const byCard = (number: string) =>
      create(api, token, {
        ...cashDelivery([{ productId: shop.apple, quantity: 2 }]),
        payment_gateway: "test-card",
        credit_card: card(number),
      });
    expectError(await byCard("4000000000000002"), "PAYMENT_DECLINED");
    expect(await savedItems(api, token)).toEqual([shop.apple]);
    expect((await byCard("4242424242424242")).status).toBe(200);
    expect(await savedItems(api, token)).toEqual([]);
  });

  it("is emptied when a card pays for digital goods, captured at once", async () => {
    const shop = await openShop();
    const { api, token, email } = await shopper(shop);
    await save(api, token, shop.giftCard);
    const placed = await create(api, token, {
      products: [{ productId: shop.giftCard, quantity: 2 }],
      delivery_type: "digital",
      payment_gateway: "test-card",
      credit_card: card("4242424242424242"),
      customer_name: "Dana Levi",
      customer_contact: email,
    });
    expect(placed.json.data?.order).toMatchObject({ status: "delivered", paymentStatus: "captured" });
    expect(await savedItems(api, token)).toEqual([]);
  });
});

describe("delivery choices", () => {
  it("places a pickup order at the shop's point, free of delivery, and a parcel at its postal price", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    const pickup = await create(api, token, {
      ...cashDelivery([{ productId: shop.apple, quantity: 2 }]),
      delivery_type: "pickup",
      shipping_address: null,
      pickupOption: shop.pickupPoint,
    });
    expect(pickup.json.data.order).toMatchObject({
      delivery_type: "pickup",
      deliveryOptionName: "The counter",
      pickupAddress: "1 Main St",
      shipping_address: null,
      totals: { shipping_charge: 0, payable_amount: 500 },
    });
    const parcel = await create(api, token, {
      ...cashDelivery([{ productId: shop.apple, quantity: 2 }]),
      delivery_type: "post",
      delivery_post: shop.postOption,
      payment_gateway: "test-card",
      credit_card: card("4242424242424242"),
    });
    expect(parcel.json.data.order).toMatchObject({
      delivery_type: "post",
      deliveryOptionName: "Parcel",
      pickupAddress: null,
      totals: { shipping_charge: 700, payable_amount: 1200 },
    });
  });

  it("says where a pickup order is collected, as it was when placed, the shop's only point included", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    const chosen = await create(api, token, {
      ...cashDelivery([{ productId: shop.apple, quantity: 1 }]),
      delivery_type: "pickup",
      shipping_address: null,
      pickupOption: shop.pickupPoint,
    });
    // A shop with one point needs no choice: the order is still frozen with that point.
    const onlyOne = await create(api, token, {
      ...cashDelivery([{ productId: shop.apple, quantity: 1 }]),
      delivery_type: "pickup",
      shipping_address: null,
    });
    const { handle } = await testHarness();
    await handle.db
      .update(pickupPoints)
      .set({ nameLocalizations: { en: "The new counter" }, addressLocalizations: { en: "9 Elm St" } })
      .where(eq(pickupPoints.id, shop.pickupPoint));
    for (const placed of [chosen, onlyOne]) {
      const detail = await api("POST", "/api/storeOrder/detail/storeCustomer", {
        token,
        body: { orderId: placed.json.data.order.id },
      });
      expect(detail.json.data).toMatchObject({
        delivery_type: "pickup",
        deliveryOptionName: "The counter",
        pickupAddress: "1 Main St",
      });
    }
    const [row] = await handle.db
      .select({ pickupOptionId: orders.pickupOptionId })
      .from(orders)
      .where(eq(orders.id, onlyOne.json.data.order.id));
    expect(row?.pickupOptionId).toBe(shop.pickupPoint);
  });
});

describe("a card provider that does not answer", () => {
  it("is PAYMENT_UNAVAILABLE, and the order gives back all it held once the sweeper gives up on it", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    const { handle } = await testHarness();
    const unreachable = async () => {
      throw new Error("connect ETIMEDOUT");
    };
    // The shop takes cards through the test provider only, which never answers.
    const payments = (_store: unknown, gateway: string) =>
      gateway === "test-card"
        ? {
            name: "test-card",
            authorize: unreachable,
            capture: unreachable,
            void: unreachable,
            refund: unreachable,
            findAuthorization: unreachable,
          }
        : null;
    const app = createApp({ db: handle.db, logger: createLogger("silent"), paymentProviders: payments });
    const response = await app.request("/api/storeOrder/create", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "store-domain": shop.domain,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        ...cashDelivery([{ productId: shop.apple, quantity: 2 }]),
        payment_gateway: "test-card",
        credit_card: card("4242424242424242"),
      }),
    });
    expect(response.status).toBe(ERRORS.PAYMENT_UNAVAILABLE.status);
    expect(((await response.json()) as { code: string }).code).toBe(ERRORS.PAYMENT_UNAVAILABLE.code);
    // No answer is not a no: the provider may hold the money, so the order holds its stock…
    expect(await shop.stockOf(shop.apple)).toBe(98);
    const [order] = await handle.db.select().from(orders).where(eq(orders.storeId, shop.id));
    expect(order?.status).toBe("pending_payment");
    // …until the sweeper has asked the provider long enough, and lets go.
    const flows = {
      db: handle.db,
      keys: linkKeys(handle.db),
      payments,
      identities: orderIdentities(handle.db),
    };
    const later = new Date((order?.createdAt.getTime() ?? 0) + (GIVE_UP_SECONDS + 60) * 1000);
    await reconcilePendingPayments(flows, later);
    expect(await shop.stockOf(shop.apple)).toBe(100);
    const list = await api("POST", "/api/storeOrder/list/storeCustomer", { token, body: {} });
    expect(list.json.data.total).toBe(0);
  });
});

describe("one order per Idempotency-Key", () => {
  it("answers the same order to a repeated create, and takes stock once", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    const key = randomUUID();
    const body = cashDelivery([{ productId: shop.apple, quantity: 3 }]);
    const first = await create(api, token, body, key);
    const again = await create(api, token, body, key);
    const third = await create(api, token, body, key);
    expect(first.status).toBe(200);
    expect(again.json.data.order.id).toBe(first.json.data.order.id);
    expect(third.json.data.order).toEqual(again.json.data.order);
    expect(await shop.stockOf(shop.apple)).toBe(97);

    const other = await create(api, token, cashDelivery([{ productId: shop.apple, quantity: 4 }]), key);
    expectError(other, "IDEMPOTENCY_KEY_REUSED");
    expect(await shop.stockOf(shop.apple)).toBe(97);
  });

  it("keeps keys per shopper: another shopper's same key is another order", async () => {
    const shop = await openShop();
    const a = await shopper(shop);
    const b = await shopper(shop);
    const key = randomUUID();
    const body = cashDelivery([{ productId: shop.apple, quantity: 1 }]);
    const first = await create(a.api, a.token, body, key);
    const second = await create(b.api, b.token, body, key);
    expect(second.json.data.order.id).not.toBe(first.json.data.order.id);
  });
});

describe("following orders", () => {
  it("lists the caller's orders by tab, newest first, ten to a page", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    // Paid by card: a shopper may leave only a few orders unpaid at once, and these are paid.
    const paid = { payment_gateway: "test-card", credit_card: card("4242424242424242") };
    const ids: number[] = [];
    for (let i = 0; i < 11; i++)
      ids.push(
        (await create(api, token, cashDelivery([{ productId: shop.apple, quantity: 1 }], paid))).json.data
          .order.id,
      );
    await api("POST", "/api/storeOrder/cancel/storeCustomer", { token, body: { orderId: ids[0] } });

    const page1 = await api("POST", "/api/storeOrder/list/storeCustomer", {
      token,
      body: { orderStatus: "all" },
    });
    expect(page1.json.data).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    expect(page1.json.data.records.map((o: { id: number }) => o.id)).toEqual(ids.slice(1).reverse());
    const page2 = await api("POST", "/api/storeOrder/list/storeCustomer", {
      token,
      query: { page: 2 },
      body: { orderStatus: "all" },
    });
    expect(page2.json.data.records.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    const cancelled = await api("POST", "/api/storeOrder/list/storeCustomer", {
      token,
      body: { orderStatus: "cancelled" },
    });
    expect(cancelled.json.data.records.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    const active = await api("POST", "/api/storeOrder/list/storeCustomer", {
      token,
      body: { orderStatus: "active" },
    });
    expect(active.json.data.total).toBe(10);
    const delivered = await api("POST", "/api/storeOrder/list/storeCustomer", {
      token,
      body: { orderStatus: "delivered" },
    });
    expect(delivered.json.data.total).toBe(0);
    const badTab = await api("POST", "/api/storeOrder/list/storeCustomer", {
      token,
      body: { orderStatus: "lost" },
    });
    expectError(badTab, "INVALID_INPUT");
  });

  it("says the shop's time zone with every order, in every answer, so pages say its times as the shop does", async () => {
    const shop = await openShop({ timezone: "Asia/Tokyo" });
    const { api, token } = await shopper(shop);
    const placed = await create(api, token, cashDelivery([{ productId: shop.apple, quantity: 1 }]));
    expect(placed.status).toBe(200);
    const { order } = placed.json.data;
    expect(order.timezone).toBe("Asia/Tokyo");
    const detail = await api("POST", "/api/storeOrder/detail/storeCustomer", {
      token,
      body: { orderId: order.id },
    });
    expect(detail.json.data.timezone).toBe("Asia/Tokyo");
    const list = await api("POST", "/api/storeOrder/list/storeCustomer", { token, body: {} });
    expect(list.json.data.records.map((o: { timezone: string }) => o.timezone)).toEqual(["Asia/Tokyo"]);
    const cancelled = await api("POST", "/api/storeOrder/cancel/storeCustomer", {
      token,
      body: { orderId: order.id },
    });
    expect(cancelled.json.data.timezone).toBe("Asia/Tokyo");

    // A guest's order opened by its email link says it too.
    const visitor = await guest(shop);
    const guestOrder = await create(
      visitor.api,
      visitor.token,
      cashDelivery([{ productId: shop.apple, quantity: 1 }], { customer_contact: freshEmail() }),
    );
    const { order: placedByGuest, guestAccessToken } = guestOrder.json.data;
    const opened = await client(shop.domain)("POST", "/api/storeOrder/detail/guest", {
      body: { orderId: placedByGuest.id, token: guestAccessToken },
    });
    expect(opened.json.data.timezone).toBe("Asia/Tokyo");

    // A shop that never set its delivery settings keeps its times in UTC.
    const plain = await openShop();
    const { handle } = await testHarness();
    await handle.db.delete(deliverySettings).where(eq(deliverySettings.storeId, plain.id));
    const other = await shopper(plain);
    const unset = await create(
      other.api,
      other.token,
      cashDelivery([{ productId: plain.apple, quantity: 1 }]),
    );
    expect(unset.json.data.order.timezone).toBe("UTC");
    const unsetList = await other.api("POST", "/api/storeOrder/list/storeCustomer", {
      token: other.token,
      body: {},
    });
    expect(unsetList.json.data.records[0].timezone).toBe("UTC");
  });

  it("shows another shopper's order, or another store's, as not found", async () => {
    const shop = await openShop();
    const other = await openShop();
    const owner = await shopper(shop);
    const stranger = await shopper(shop);
    const elsewhere = await shopper(other);
    const { id } = (
      await create(owner.api, owner.token, cashDelivery([{ productId: shop.apple, quantity: 1 }]))
    ).json.data.order;
    expectError(
      await stranger.api("POST", "/api/storeOrder/detail/storeCustomer", {
        token: stranger.token,
        body: { orderId: id },
      }),
      "NOT_FOUND",
    );
    expectError(
      await elsewhere.api("POST", "/api/storeOrder/detail/storeCustomer", {
        token: elsewhere.token,
        body: { orderId: id },
      }),
      "NOT_FOUND",
    );
    expectError(
      await stranger.api("POST", "/api/storeOrder/cancel/storeCustomer", {
        token: stranger.token,
        body: { orderId: id },
      }),
      "NOT_FOUND",
    );
    // A token is good only at the store that issued it.
    expectError(
      await owner.api("POST", "/api/storeOrder/detail/storeCustomer", {
        token: elsewhere.token,
        body: { orderId: id },
      }),
      "FORBIDDEN",
    );
    const mine = await owner.api("POST", "/api/storeOrder/detail/storeCustomer", {
      token: owner.token,
      body: { orderId: id },
    });
    expect(mine.json.data.id).toBe(id);
  });
});

describe("cancelling", () => {
  it("gives back stock, the coupon use, the wallet credit and the delivery window; a second cancel is refused", async () => {
    const shop = await openShop({ windowCapacity: 1 });
    await shop.addCoupon("SAVE10", { kind: "percent", value: 10, maxUses: 1 });
    const { api, token, userId } = await shopper(shop);
    await shop.credit(userId, 300);
    const windows = await api("POST", "/api/storeDeliverySchedule/query/storeCustomer", { token, body: {} });
    const window = firstBookableWindow(windows.json.data);
    const body = cashDelivery([{ productId: shop.apple, quantity: 4 }], {
      coupon: "SAVE10",
      use_wallet: true,
      delivery_time: window,
    });
    const placed = await create(api, token, body);
    expect(placed.status).toBe(200);
    const { order } = placed.json.data;
    expect(order.totals).toMatchObject({
      totalAmount: 1000,
      discount: 100,
      shipping_charge: 500,
      wallet: 300,
      payable_amount: 1100,
    });
    expect(order.coupon).toEqual({ code: "SAVE10", amount: 100 });
    expect(order.delivery_time).toEqual(window);
    expect(await shop.stockOf(shop.apple)).toBe(96);
    expect(await shop.couponUses("SAVE10")).toBe(1);
    expect(await shop.walletOf(userId)).toBe(0);
    const full = await create(
      api,
      token,
      cashDelivery([{ productId: shop.apple, quantity: 1 }], { delivery_time: window }),
    );
    expect(full.status).toBeGreaterThanOrEqual(400);

    const cancelled = await api("POST", "/api/storeOrder/cancel/storeCustomer", {
      token,
      body: { orderId: order.id, reason: "Changed my mind" },
    });
    expect(cancelled.json.data).toMatchObject({
      status: "cancelled",
      paymentStatus: "voided",
      fulfilmentStatus: "cancelled",
      canCancel: false,
    });
    expect(cancelled.json.data.timeline.map((s: { status: string }) => s.status)).toEqual([
      "placed",
      "cancelled",
    ]);
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.couponUses("SAVE10")).toBe(0);
    expect(await shop.walletOf(userId)).toBe(300);
    const again = await create(
      api,
      token,
      cashDelivery([{ productId: shop.apple, quantity: 1 }], { delivery_time: window }),
    );
    expect(again.status).toBe(200);

    const twice = await api("POST", "/api/storeOrder/cancel/storeCustomer", {
      token,
      body: { orderId: order.id },
    });
    expectError(twice, "TRANSITION_REFUSED");
    expect(await shop.stockOf(shop.apple)).toBe(99);
    expect(await shop.walletOf(userId)).toBe(300);
  });
});

/** The first window of the schedule that can still be booked. */
function firstBookableWindow(schedule: DeliverySchedule) {
  for (const day of schedule.days)
    for (const window of day.windows) if (window.available) return { start: window.start, end: window.end };
  throw new Error("no bookable window");
}

describe("guests", () => {
  it("places an order in a guest session, lists it there, and opens it from the email's link", async () => {
    const shop = await openShop();
    const { api, token } = await guest(shop);
    const contact = freshEmail();
    const placed = await create(
      api,
      token,
      cashDelivery([{ productId: shop.apple, quantity: 1 }], { customer_contact: contact }),
    );
    expect(placed.status).toBe(200);
    const { order, guestAccessToken } = placed.json.data;
    expect(guestAccessToken).toEqual(expect.any(String));
    const list = await api("POST", "/api/storeOrder/list/storeCustomer", { token, body: {} });
    expect(list.json.data.records.map((o: { id: number }) => o.id)).toEqual([order.id]);

    const [mail] = await inbox(contact);
    expect(mail?.body).toContain(`/orders/${order.id}?token=${guestAccessToken}`);
    const anonymous = client(shop.domain);
    const opened = await anonymous("POST", "/api/storeOrder/detail/guest", {
      body: { orderId: order.id, token: guestAccessToken },
    });
    expect(opened.json.data.id).toBe(order.id);
    const wrong = await anonymous("POST", "/api/storeOrder/detail/guest", {
      body: { orderId: order.id, token: `${guestAccessToken.slice(0, -2)}xx` },
    });
    expectError(wrong, "NOT_FOUND");
    const elsewhere = await client((await openShop()).domain)("POST", "/api/storeOrder/detail/guest", {
      body: { orderId: order.id, token: guestAccessToken },
    });
    expectError(elsewhere, "NOT_FOUND");

    // The link opens the order for GUEST_ORDER_LINK_DAYS after it was placed; then it says it has
    // expired, and only to whoever holds the right token.
    const { handle } = await testHarness();
    const placedDaysAgo = (days: number) =>
      handle.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000) })
        .where(eq(orders.id, order.id));
    await placedDaysAgo(GUEST_ORDER_LINK_DAYS - 1);
    const late = await anonymous("POST", "/api/storeOrder/detail/guest", {
      body: { orderId: order.id, token: guestAccessToken },
    });
    expect(late.json.data.id).toBe(order.id);
    await placedDaysAgo(GUEST_ORDER_LINK_DAYS + 1);
    const expired = await anonymous("POST", "/api/storeOrder/detail/guest", {
      body: { orderId: order.id, token: guestAccessToken },
    });
    expectError(expired, "ORDER_LINK_EXPIRED");
    const guessed = await anonymous("POST", "/api/storeOrder/detail/guest", {
      body: { orderId: order.id, token: `${guestAccessToken.slice(0, -2)}xx` },
    });
    expectError(guessed, "NOT_FOUND");
  });

  it("is refused where the shop does not take guest orders", async () => {
    const open = await openShop();
    const { api, token } = await guest(open);
    const { handle } = await testHarness();
    // The shop closes guest checkout while the guest's session lives; the test app reads the
    // store row on every request.
    await handle.db.update(stores).set({ guestCheckout: false }).where(eq(stores.id, open.id));
    const refused = await create(api, token, cashDelivery([{ productId: open.apple, quantity: 1 }]));
    expectError(refused, "GUEST_CHECKOUT_CLOSED");
    expect(await open.stockOf(open.apple)).toBe(100);
  });
});

describe("cards", () => {
  it("authorizes an approved card and keeps only its brand and last four digits", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    const placed = await create(api, token, {
      ...cashDelivery([{ productId: shop.apple, quantity: 2 }]),
      payment_gateway: "test-card",
      credit_card: card("4242 4242 4242 4242"),
    });
    expect(placed.status).toBe(200);
    expect(placed.json.data.order).toMatchObject({
      status: "placed",
      paymentStatus: "authorized",
      payment_gateway: "test-card",
      card: { brand: "visa", last4: "4242" },
    });
    expect(JSON.stringify(placed.json.data)).not.toContain("4242424242424242");
  });

  it("voids the authorization when the order is cancelled, and gives back its stock", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    const placed = await create(api, token, {
      ...cashDelivery([{ productId: shop.apple, quantity: 2 }]),
      payment_gateway: "test-card",
      credit_card: card("4242424242424242"),
    });
    expect(await shop.stockOf(shop.apple)).toBe(98);
    const cancelled = await api("POST", "/api/storeOrder/cancel/storeCustomer", {
      token,
      body: { orderId: placed.json.data.order.id },
    });
    expect(cancelled.json.data).toMatchObject({ status: "cancelled", paymentStatus: "voided" });
    expect(await shop.stockOf(shop.apple)).toBe(100);
  });

  it.each([
    ["4000000000000002", "PAYMENT_DECLINED"],
    ["4000000000009995", "INSUFFICIENT_FUNDS"],
    ["4000000000000069", "CARD_EXPIRED"],
  ] as const)("a card %s leaves stock, coupon and wallet as they were (%s)", async (number, kind) => {
    const shop = await openShop();
    await shop.addCoupon("ONCE", { kind: "fixed", value: 100, maxUses: 1 });
    const { api, token, userId } = await shopper(shop);
    await shop.credit(userId, 200);
    const refused = await create(api, token, {
      ...cashDelivery([{ productId: shop.apple, quantity: 5 }], { coupon: "ONCE", use_wallet: true }),
      payment_gateway: "test-card",
      credit_card: card(number),
    });
    expectError(refused, kind);
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.couponUses("ONCE")).toBe(0);
    expect(await shop.walletOf(userId)).toBe(200);
    const list = await api("POST", "/api/storeOrder/list/storeCustomer", { token, body: {} });
    expect(list.json.data.total).toBe(0);
  });

  it("refuses a mistyped card with field errors before anything is held", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    const refused = await create(api, token, {
      ...cashDelivery([{ productId: shop.apple, quantity: 1 }]),
      payment_gateway: "test-card",
      credit_card: { ...card("4242 4242 4242 4241"), cvc: "1" },
    });
    expectError(refused, "INVALID_INPUT");
    expect(Object.keys(refused.json.data.errors).sort()).toEqual(["credit_card.cvc", "credit_card.number"]);
  });
});

describe("refund requests", () => {
  it("are refused for an order that is not delivered", async () => {
    const shop = await openShop();
    const { api, token } = await shopper(shop);
    const { order } = (await create(api, token, cashDelivery([{ productId: shop.apple, quantity: 2 }]))).json
      .data;
    const refused = await api("POST", "/api/storeOrder/refund/storeCustomer", {
      token,
      body: {
        orderId: order.id,
        lines: [{ orderLineId: order.lines[0].id, quantity: 1 }],
        reason: "Bruised",
      },
    });
    expectError(refused, "REFUND_NOT_ALLOWED");
    const list = await api("POST", "/api/storeOrderRefund/list/storeCustomer", { token });
    expect(list.json.data.total).toBe(0);
  });
});

describe("a staff token", () => {
  it("is unknown to every shopper call", async () => {
    const shop = await openShop();
    const api = client(shop.domain);
    const login = await api("POST", "/api/staff/login", {
      body: { email: "staff@shop.test", password: "staff password 1" },
    });
    const staffToken = login.json.data.token as string;
    expectError(
      await api("POST", "/api/storeOrder/list/storeCustomer", { token: staffToken, body: {} }),
      "INVALID_SESSION",
    );
    expectError(
      await create(api, staffToken, cashDelivery([{ productId: shop.apple, quantity: 1 }])),
      "INVALID_SESSION",
    );
  });
});
