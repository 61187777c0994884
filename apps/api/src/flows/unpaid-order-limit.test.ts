import { randomUUID } from "node:crypto";
import { ERROR_MESSAGES } from "@stoa/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_UNPAID_ORDER_LIMIT } from "../stores/tables.ts";
import { client, inbox, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import {
  APPROVED_CARD as approvedCard,
  cashDelivery,
  openShop,
  SHOP_STAFF,
  type Shop,
} from "../test/shops.ts";

/*
 * One shopper may have only so many orders open and unpaid at once (decision 033): cash still due
 * on an order neither delivered nor cancelled, or a card order waiting for its card. Past the
 * store's limit an order is refused by the call that would place it, and nothing is written or taken.
 */

beforeAll(async () => {
  await testHarness();
});

type Api = ReturnType<typeof client>;
type Shopper = { api: Api; token: string; email?: string };

/** A delivery of `quantity` apples, paid in cash unless `extra` says otherwise. */
function order(shop: Shop, quantity = 1, extra: Record<string, unknown> = {}) {
  return cashDelivery([{ productId: shop.apple, quantity }], extra);
}

function create({ api, token }: Shopper, body: unknown, key: string = randomUUID()) {
  return api("POST", "/api/storeOrder/create", { token, body, headers: { "Idempotency-Key": key } });
}

/** Places an order that must go through, and answers its id. */
async function placed(shopper: Shopper, body: unknown): Promise<number> {
  const answer = await create(shopper, body);
  expect(answer.json.code, answer.json.msg).toBe("0");
  return answer.json.data.order.id;
}

async function customer(shop: Shop): Promise<Shopper> {
  const api = client(shop.domain);
  const { token, email } = await registerVerified(api);
  return { api, token, email };
}

async function guest(shop: Shop): Promise<Shopper> {
  const api = client(shop.domain);
  const session = await api("POST", "/api/auth/login/session", { body: {} });
  return { api, token: session.json.data.token as string };
}

function cancel({ api, token }: Shopper, orderId: number) {
  return api("POST", "/api/storeOrder/cancel/storeCustomer", { token, body: { orderId } });
}

/** The shop hands an order over: a cash order's money is collected with it. */
async function deliver(shop: Shop, orderId: number) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  const token = login.json.data.token as string;
  for (const action of ["confirm", "startPreparing", "ship", "deliver"]) {
    const moved = await api("POST", "/api/staff/orders/move", { token, body: { orderId, action } });
    expect(moved.json.code, moved.json.msg).toBe("0");
  }
}

describe("open unpaid orders per shopper", () => {
  it("are limited by default", async () => {
    const shop = await openShop();
    const shopper = await customer(shop);
    for (let i = 0; i < DEFAULT_UNPAID_ORDER_LIMIT; i++) await placed(shopper, order(shop));
    expectError(await create(shopper, order(shop)), "TOO_MANY_UNPAID_ORDERS");
  });

  it("refuses an order past the limit in the shopper's words, and writes or takes nothing for it", async () => {
    const shop = await openShop({ unpaidOrderLimit: 2 });
    await shop.addCoupon("TENOFF");
    const shopper = await customer(shop);
    const firstKey = randomUUID();
    const first = await create(shopper, order(shop), firstKey);
    expect(first.json.code).toBe("0");
    await placed(shopper, order(shop));
    expect(await shop.stockOf(shop.apple)).toBe(98);
    const mail = (await inbox(shopper.email as string)).length;

    const refused = await shopper.api("POST", "/api/storeOrder/create", {
      token: shopper.token,
      body: order(shop, 3, { coupon: "TENOFF" }),
      headers: { "Idempotency-Key": randomUUID() },
      locale: "he",
    });
    expectError(refused, "TOO_MANY_UNPAID_ORDERS");
    expect(refused.json.msg).toBe(ERROR_MESSAGES.he["error-too-many-unpaid-orders"]);
    expect(await shop.stockOf(shop.apple)).toBe(98);
    expect(await shop.couponUses("TENOFF")).toBe(0);
    expect(await shop.orderCount()).toBe(2);
    // No confirmation goes out for it.
    expect(await inbox(shopper.email as string)).toHaveLength(mail);
    // A card order is refused the same way, before the card is asked.
    expectError(
      await create(shopper, order(shop, 1, { payment_gateway: "test-card", credit_card: approvedCard })),
      "TOO_MANY_UNPAID_ORDERS",
    );
    expect(await shop.orderCount()).toBe(2);

    // A repeat of an order already placed still answers that order.
    const repeat = await create(shopper, order(shop), firstKey);
    expect(repeat.json.code).toBe("0");
    expect(repeat.json.data.order.id).toBe(first.json.data.order.id);
  });

  it("lets a free order through at the limit: it has nothing left to pay", async () => {
    const shop = await openShop({ unpaidOrderLimit: 1 });
    await shop.addCoupon("ALLFREE", { kind: "percent", value: 100 });
    const shopper = await customer(shop);
    await placed(shopper, order(shop));
    const free = await create(shopper, {
      ...order(shop, 1, { coupon: "ALLFREE" }),
      delivery_type: "pickup",
      pickupOption: shop.pickupPoint,
      shipping_address: null,
    });
    expect(free.json.code, free.json.msg).toBe("0");
    expect(free.json.data.order).toMatchObject({ status: "placed", paymentStatus: "none" });
    expectError(await create(shopper, order(shop)), "TOO_MANY_UNPAID_ORDERS");
  });

  it("frees a place when an order is cancelled, delivered or paid by card; a declined card takes none", async () => {
    const shop = await openShop({ unpaidOrderLimit: 1 });
    const shopper = await customer(shop);
    const first = await placed(shopper, order(shop));
    expectError(await create(shopper, order(shop)), "TOO_MANY_UNPAID_ORDERS");

    expect((await cancel(shopper, first)).json.code).toBe("0");
    const second = await placed(shopper, order(shop));
    expectError(await create(shopper, order(shop)), "TOO_MANY_UNPAID_ORDERS");

    await deliver(shop, second);
    const paidByCard = await create(
      shopper,
      order(shop, 1, { payment_gateway: "test-card", credit_card: approvedCard }),
    );
    expect(paidByCard.json.data.order).toMatchObject({ status: "placed", paymentStatus: "authorized" });
    const declined = await create(
      shopper,
      order(shop, 1, {
        payment_gateway: "test-card",
        credit_card: { ...approvedCard, number: "4000000000000002" },
      }),
    );
    expectError(declined, "PAYMENT_DECLINED");
    await placed(shopper, order(shop));
    expectError(await create(shopper, order(shop)), "TOO_MANY_UNPAID_ORDERS");
  });

  it("counts each shopper on their own, guests too, and each shop on its own", async () => {
    const shop = await openShop({ unpaidOrderLimit: 1 });
    const other = await openShop({ unpaidOrderLimit: 1 });
    const full = await customer(shop);
    await placed(full, order(shop));
    expectError(await create(full, order(shop)), "TOO_MANY_UNPAID_ORDERS");

    const neighbour = await customer(shop);
    await placed(neighbour, order(shop));
    const visitor = await guest(shop);
    await placed(visitor, order(shop));
    expectError(await create(visitor, order(shop)), "TOO_MANY_UNPAID_ORDERS");

    const elsewhere = await customer(other);
    await placed(elsewhere, order(other));
    expect(await shop.stockOf(shop.apple)).toBe(97);
    expect(await other.stockOf(other.apple)).toBe(99);
  });

  it("follows the shop's setting as it is raised and lowered", async () => {
    const shop = await openShop({ unpaidOrderLimit: 2 });
    const shopper = await customer(shop);
    const first = await placed(shopper, order(shop));
    const second = await placed(shopper, order(shop));
    expectError(await create(shopper, order(shop)), "TOO_MANY_UNPAID_ORDERS");

    await shop.setUnpaidOrderLimit(3);
    const third = await placed(shopper, order(shop));
    expectError(await create(shopper, order(shop)), "TOO_MANY_UNPAID_ORDERS");

    // Lowered below what the shopper has open: the orders stay, and no new one is placed until
    // fewer than the new limit are left.
    await shop.setUnpaidOrderLimit(1);
    await cancel(shopper, first);
    await cancel(shopper, second);
    expectError(await create(shopper, order(shop)), "TOO_MANY_UNPAID_ORDERS");
    await cancel(shopper, third);
    await placed(shopper, order(shop));
    expect(await shop.stockOf(shop.apple)).toBe(99);

    // Zero takes no unpaid order at all; below zero is no limit the database keeps.
    await shop.setUnpaidOrderLimit(0);
    expectError(await create(await customer(shop), order(shop)), "TOO_MANY_UNPAID_ORDERS");
    await expect(shop.setUnpaidOrderLimit(-1)).rejects.toThrow();
  });
});
