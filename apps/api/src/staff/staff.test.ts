import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../demo/staff.ts";
import { reportUnknownPayment } from "../payments/give-backs.ts";
import { client, inbox, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { type CallResult, testHarness } from "../test/harness.ts";
import {
  SHOPPER_ADDRESS as address,
  APPROVED_CARD as card,
  openShop,
  SHOP_STAFF,
  type Shop,
} from "../test/shops.ts";

// The shared database is made and seeded once, before the first test of the file counts its time.
beforeAll(async () => {
  await testHarness();
});

type Api = ReturnType<typeof client>;

async function staffOf(shop: Shop) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  expect(login.status).toBe(200);
  const token = login.json.data.token as string;
  return {
    api,
    token,
    move: (orderId: number, action: string) =>
      api("POST", "/api/staff/orders/move", { token, body: { orderId, action } }),
  };
}

async function customerOf(shop: Shop) {
  const api = client(shop.domain);
  const account = await registerVerified(api);
  const order = async (body: Record<string, unknown>) => {
    const placed = await api("POST", "/api/storeOrder/create", {
      token: account.token,
      body: {
        products: [{ productId: shop.apple, quantity: 2 }],
        delivery_type: "delivery",
        shipping_address: address,
        payment_gateway: "cash",
        customer_name: "Dana Levi",
        ...body,
      },
    });
    expect(placed.status).toBe(200);
    return placed.json.data.order as { id: number; lines: { id: number }[]; payable_amount: number };
  };
  return { api, ...account, order };
}

async function moveAll(staff: Awaited<ReturnType<typeof staffOf>>, orderId: number, actions: string[]) {
  let last: CallResult | undefined;
  for (const action of actions) {
    last = await staff.move(orderId, action);
    expect(last.status, `${action}: ${JSON.stringify(last.json)}`).toBe(200);
  }
  return last as CallResult;
}

/**
 * A delivered order of 27.00 (goods 10.00 + 12.00, delivery 5.00) paid 20.00 from the wallet and
 * 7.00 the given way, with one refund request per line (each line whole).
 */
async function walletPaidOrderAskedBack(shop: Shop, payment: Record<string, unknown>) {
  const staff = await staffOf(shop);
  const customer = await customerOf(shop);
  await shop.credit(customer.userId, 2000);
  const order = await customer.order({
    products: [
      { productId: shop.apple, quantity: 4 },
      { productId: shop.tee.id, variationId: shop.tee.small, quantity: 1 },
    ],
    use_wallet: true,
    ...payment,
  });
  expect(order.payable_amount).toBe(700);
  await moveAll(staff, order.id, ["confirm", "startPreparing", "ship", "deliver"]);
  const refundIds: number[] = [];
  for (const [index, line] of order.lines.entries()) {
    const asked = await customer.api("POST", "/api/storeOrder/refund/storeCustomer", {
      token: customer.token,
      body: {
        orderId: order.id,
        lines: [{ orderLineId: line.id, quantity: index === 0 ? 4 : 1 }],
        reason: "x",
      },
    });
    refundIds.push(asked.json.data.id);
  }
  const approve = (refundId: number) =>
    staff.api("POST", "/api/staff/refunds/answer", {
      token: staff.token,
      body: { refundId, decision: "approve" },
    });
  return { customer, order, refundIds, approve };
}

describe("staff sign-in", () => {
  it("signs staff in with their own account and refuses a wrong password", async () => {
    const shop = await openShop();
    const api = client(shop.domain);
    const wrong = await api("POST", "/api/staff/login", {
      body: { ...SHOP_STAFF, password: "not it at all" },
    });
    expectError(wrong, "INVALID_CREDENTIALS");
    const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
    expect(login.json.data.staff).toMatchObject({ email: SHOP_STAFF.email, name: "Shop staff" });
  });

  it("has the documented demo account in every demo store", async () => {
    for (const domain of ["localhost", "restaurant.localhost"]) {
      const login = await client(domain)("POST", "/api/staff/login", {
        body: { email: DEMO_STAFF.email, password: DEMO_STAFF.password },
      });
      expect(login.status).toBe(200);
      expect(login.json.data.staff.email).toBe("staff@stoa.test");
    }
  });

  it("keeps staff and shopper tokens apart, and each to its own store", async () => {
    const shop = await openShop();
    const other = await openShop();
    const staff = await staffOf(shop);
    const customer = await customerOf(shop);
    const list = (api: Api, token?: string) => api("POST", "/api/staff/orders/list", { token, body: {} });
    expect((await list(staff.api, staff.token)).status).toBe(200);
    expectError(await list(staff.api), "UNAUTHORIZED");
    expectError(await list(customer.api, customer.token), "INVALID_SESSION");
    expectError(await list(client(other.domain), staff.token), "FORBIDDEN");
    expectError(
      await staff.api("GET", "/api/auth/getUserInfoFromToken", { token: staff.token }),
      "INVALID_SESSION",
    );
    await staff.api("POST", "/api/staff/logout", { token: staff.token });
    expectError(await list(staff.api, staff.token), "INVALID_SESSION");
  });

  it("is listed in the API's documentation under Staff", async () => {
    const shop = await openShop();
    const doc = await client(shop.domain)("GET", "/api/openapi.json");
    const paths = (
      doc.json as unknown as { paths: Record<string, Record<string, { tags: string[]; security: unknown }>> }
    ).paths;
    const move = paths["/api/staff/orders/move"]?.post;
    expect(move?.tags).toEqual(["Staff"]);
    expect(move?.security).toEqual([{ staffBearer: [] }]);
  });
});

describe("moving orders on", () => {
  it("takes a cash delivery to delivered, collects the cash, and the customer sees it", async () => {
    const shop = await openShop();
    const staff = await staffOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order({});

    const listed = await staff.api("POST", "/api/staff/orders/list", {
      token: staff.token,
      body: { status: "placed" },
    });
    expect(listed.json.data.records.map((o: { id: number }) => o.id)).toContain(order.id);
    expect(listed.json.data.records[0]).toMatchObject({
      customerKind: "customer",
      customer_name: "Dana Levi",
    });

    expectError(await staff.move(order.id, "ship"), "TRANSITION_REFUSED");
    const delivered = await moveAll(staff, order.id, ["confirm", "startPreparing", "ship", "deliver"]);
    expect(delivered.json.data).toMatchObject({
      status: "delivered",
      paymentStatus: "cash_collected",
      fulfilmentStatus: "delivered",
    });
    expectError(await staff.move(order.id, "deliver"), "TRANSITION_REFUSED");

    const seen = await customer.api("POST", "/api/storeOrder/detail/storeCustomer", {
      token: customer.token,
      body: { orderId: order.id },
    });
    expect(seen.json.data.status).toBe("delivered");
    expect(seen.json.data.timeline.map((s: { status: string }) => s.status)).toEqual([
      "placed",
      "confirmed",
      "preparing",
      "shipped",
      "delivered",
    ]);
    expect(seen.json.data.canCancel).toBe(false);
    expect(seen.json.data.canRequestRefund).toBe(true);
    const cancel = await customer.api("POST", "/api/storeOrder/cancel/storeCustomer", {
      token: customer.token,
      body: { orderId: order.id },
    });
    expectError(cancel, "TRANSITION_REFUSED");
  });

  it("captures an authorized card when the order ships", async () => {
    const shop = await openShop();
    const staff = await staffOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order({ payment_gateway: "test-card", credit_card: card });
    await moveAll(staff, order.id, ["confirm", "startPreparing"]);
    const shipped = await staff.move(order.id, "ship");
    expect(shipped.json.data).toMatchObject({ status: "shipped", paymentStatus: "captured" });
  });

  it("sets a pickup order out for pickup, never ships it, and does not find another store's order", async () => {
    const shop = await openShop();
    const other = await openShop();
    const staff = await staffOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order({ delivery_type: "pickup", shipping_address: null });
    await moveAll(staff, order.id, ["confirm", "startPreparing"]);
    expectError(await staff.move(order.id, "ship"), "TRANSITION_REFUSED");
    const ready = await staff.move(order.id, "readyForPickup");
    expect(ready.json.data.status).toBe("ready_for_pickup");
    const otherStaff = await staffOf(other);
    expectError(await otherStaff.move(order.id, "deliver"), "NOT_FOUND");
    expectError(
      await otherStaff.api("POST", "/api/staff/orders/detail", {
        token: otherStaff.token,
        body: { orderId: order.id },
      }),
      "NOT_FOUND",
    );
  });
});

describe("refunds", () => {
  it("lets a customer ask back part of a delivered order, and no more than was bought", async () => {
    const shop = await openShop({ timezone: "Asia/Tokyo" });
    const staff = await staffOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order({});
    await moveAll(staff, order.id, ["confirm", "startPreparing", "ship", "deliver"]);
    const ask = (quantity: number) =>
      customer.api("POST", "/api/storeOrder/refund/storeCustomer", {
        token: customer.token,
        body: {
          orderId: order.id,
          lines: [{ orderLineId: order.lines[0]?.id, quantity }],
          reason: "Bruised",
        },
      });
    expectError(await ask(3), "REFUND_NOT_ALLOWED");
    const asked = await ask(1);
    expect(asked.json.data).toMatchObject({
      status: "requested",
      amount: 250,
      reason: "Bruised",
      currency: "USD",
      // Said in the shop's zone on the refunds page, as the order's own dates are.
      timezone: "Asia/Tokyo",
    });
    expect(asked.json.data.lines).toEqual([{ orderLineId: order.lines[0]?.id, name: "apple", quantity: 1 }]);
    expectError(await ask(2), "REFUND_NOT_ALLOWED");
    const other = await customerOf(shop);
    const foreign = await other.api("POST", "/api/storeOrder/refund/storeCustomer", {
      token: other.token,
      body: { orderId: order.id, lines: [{ orderLineId: order.lines[0]?.id, quantity: 1 }], reason: "Mine" },
    });
    expectError(foreign, "NOT_FOUND");

    const detail = await customer.api("POST", "/api/storeOrder/detail/storeCustomer", {
      token: customer.token,
      body: { orderId: order.id },
    });
    expect(detail.json.data.lines[0].refundRequested).toBe(1);
    const mine = await customer.api("POST", "/api/storeOrderRefund/list/storeCustomer", {
      token: customer.token,
    });
    expect(mine.json.data.records).toHaveLength(1);
    expect(mine.json.data.records[0]).toMatchObject({
      orderId: order.id,
      status: "requested",
      timezone: "Asia/Tokyo",
    });
  });

  it("credits an approved cash refund to the wallet, and frees the units of a declined one", async () => {
    const shop = await openShop();
    const staff = await staffOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order({});
    await moveAll(staff, order.id, ["confirm", "startPreparing", "ship", "deliver"]);
    const ask = () =>
      customer.api("POST", "/api/storeOrder/refund/storeCustomer", {
        token: customer.token,
        body: {
          orderId: order.id,
          lines: [{ orderLineId: order.lines[0]?.id, quantity: 1 }],
          reason: "Bruised",
        },
      });
    const first = (await ask()).json.data;
    const declined = await staff.api("POST", "/api/staff/refunds/answer", {
      token: staff.token,
      body: { refundId: first.id, decision: "decline", answer: "Looked fine to us" },
    });
    expect(declined.json.data).toMatchObject({ status: "declined", answer: "Looked fine to us" });
    const second = (await ask()).json.data;
    const third = (await ask()).json.data;
    expectError(await ask(), "REFUND_NOT_ALLOWED");

    const listed = await staff.api("POST", "/api/staff/refunds/list", {
      token: staff.token,
      body: { status: "requested" },
    });
    expect(listed.json.data.records.map((r: { id: number }) => r.id)).toEqual([third.id, second.id]);
    const approved = await staff.api("POST", "/api/staff/refunds/answer", {
      token: staff.token,
      body: { refundId: second.id, decision: "approve" },
    });
    expect(approved.json.data).toMatchObject({ status: "refunded", amount: 250 });
    expect(await shop.walletOf(customer.userId)).toBe(250);
    // Told once, of the one approved: the declined request and the refused repeat send nothing.
    const told = (await inbox(customer.email)).filter((m) => m.subject.includes("a refund on your order"));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toMatch(/2\.50 was added to your wallet at the shop/);
    const detail = await customer.api("POST", "/api/storeOrder/detail/storeCustomer", {
      token: customer.token,
      body: { orderId: order.id },
    });
    expect(detail.json.data.paymentStatus).toBe("partially_refunded");
    expectError(
      await staff.api("POST", "/api/staff/refunds/answer", {
        token: staff.token,
        body: { refundId: second.id, decision: "approve" },
      }),
      "TRANSITION_REFUSED",
    );
  });

  it("refunds an approved card refund through the provider", async () => {
    const shop = await openShop();
    const staff = await staffOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order({ payment_gateway: "test-card", credit_card: card });
    await moveAll(staff, order.id, ["confirm", "startPreparing", "ship", "deliver"]);
    const asked = await customer.api("POST", "/api/storeOrder/refund/storeCustomer", {
      token: customer.token,
      body: {
        orderId: order.id,
        lines: [{ orderLineId: order.lines[0]?.id, quantity: 2 }],
        reason: "Bruised",
      },
    });
    const approved = await staff.api("POST", "/api/staff/refunds/answer", {
      token: staff.token,
      body: { refundId: asked.json.data.id, decision: "approve" },
    });
    expect(approved.json.data).toMatchObject({ status: "refunded", amount: 500 });
    expect(await shop.walletOf(customer.userId)).toBe(0);
    const detail = await customer.api("POST", "/api/storeOrder/detail/storeCustomer", {
      token: customer.token,
      body: { orderId: order.id },
    });
    // 5.00 of the 10.00 paid (the goods; delivery is not refunded with them).
    expect(detail.json.data.paymentStatus).toBe("partially_refunded");
  });

  it("gives the card back no more than it paid when two refunds are approved at once", async () => {
    const shop = await openShop();
    const { customer, refundIds, approve } = await walletPaidOrderAskedBack(shop, {
      payment_gateway: "test-card",
      credit_card: card,
    });
    const answers = await Promise.all(refundIds.map(approve));
    for (const answer of answers)
      expect(answer.json.data?.status, JSON.stringify(answer.json)).toBe("refunded");
    // The card got its 7.00 back once; the wallet the other 15.00 of the 22.00 of goods.
    expect(await shop.walletOf(customer.userId)).toBe(1500);
  });

  it("asks back, unit by unit, exactly what the units cost together", async () => {
    const shop = await openShop();
    await shop.addCoupon("ONEOFF", { kind: "fixed", value: 100 });
    const staff = await staffOf(shop);
    const customer = await customerOf(shop);
    // Apples 3 × 2.50 less 1.00 off: 6.50 paid for them, which three units do not split evenly.
    const order = await customer.order({
      products: [{ productId: shop.apple, quantity: 3 }],
      coupon: "ONEOFF",
    });
    await moveAll(staff, order.id, ["confirm", "startPreparing", "ship", "deliver"]);
    const amounts: number[] = [];
    for (let unit = 0; unit < 3; unit += 1) {
      const asked = await customer.api("POST", "/api/storeOrder/refund/storeCustomer", {
        token: customer.token,
        body: { orderId: order.id, lines: [{ orderLineId: order.lines[0]?.id, quantity: 1 }], reason: "x" },
      });
      amounts.push(asked.json.data.amount);
    }
    expect(amounts).toEqual([217, 216, 217]);
  });

  it.each([
    ["by card", { payment_gateway: "test-card", credit_card: card }],
    ["in cash", { payment_gateway: "cash" }],
  ])("refunds every line of an order paid partly by wallet and partly %s", async (_, payment) => {
    const shop = await openShop();
    const { customer, order, refundIds, approve } = await walletPaidOrderAskedBack(shop, payment);
    const amounts: number[] = [];
    for (const refundId of refundIds) {
      const approved = await approve(refundId);
      expect(approved.status, JSON.stringify(approved.json)).toBe(200);
      expect(approved.json.data.status).toBe("refunded");
      amounts.push(approved.json.data.amount);
    }
    expect(amounts).toEqual([1000, 1200]);
    const detail = await customer.api("POST", "/api/storeOrder/detail/storeCustomer", {
      token: customer.token,
      body: { orderId: order.id },
    });
    expect(detail.json.data.paymentStatus).toBe("refunded");
    // A card gets back what it paid (7.00), the wallet the rest; cash paid goes to the wallet too.
    expect(await shop.walletOf(customer.userId)).toBe(payment.payment_gateway === "cash" ? 2200 : 1500);
  });
});

describe("card money to settle by hand", () => {
  it("lists a shop's stuck payments to its own staff only, newest first", async () => {
    const shop = await openShop();
    const other = await openShop();
    const staff = await staffOf(shop);
    const customer = await customerOf(shop);
    const order = await customer.order({});
    const { handle } = await testHarness();
    await reportUnknownPayment(
      handle.db,
      { storeId: shop.id, orderId: order.id, provider: "bambora", amount: 1234, currency: "USD" },
      "no answer",
    );
    const list = (api: Api, token?: string) => api("POST", "/api/staff/payments/stuck", { token });
    const answer = await list(staff.api, staff.token);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual([
      expect.objectContaining({
        orderId: order.id,
        provider: "bambora",
        paymentRef: `unknown:order-${order.id}`,
        kind: "void",
        amount: 1234,
        currency: "USD",
        lastResult: "no answer",
      }),
    ]);
    expect(answer.json.data[0].orderNumber).toBeGreaterThan(0);
    // Another shop's staff see none of it; no token, or a shopper's, sees nothing at all.
    const otherStaff = await staffOf(other);
    expect((await list(otherStaff.api, otherStaff.token)).json.data).toEqual([]);
    expectError(await list(staff.api), "UNAUTHORIZED");
    expectError(await list(customer.api, customer.token), "INVALID_SESSION");
    expectError(await list(client(other.domain), staff.token), "FORBIDDEN");
  });
});
