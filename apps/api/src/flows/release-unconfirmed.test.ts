import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderIdentities } from "../orders/identities.ts";
import { linkKeys } from "../orders/links.ts";
import { orders } from "../orders/tables.ts";
import { client, freshEmail, inbox } from "../test/accounts.ts";
import { type CallResult, testHarness } from "../test/harness.ts";
import { APPROVED_CARD, cashDelivery, openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { releaseReason, releaseUnconfirmedOrders } from "./release-unconfirmed.ts";

/*
 * A pickup or delivery paid on collection that the shop has not confirmed within its time is
 * released by the sweeper (decision 040): cancelled with a reason, what it held given back, the
 * shopper told. The clock is the test's: the sweep is asked as of a moment the test chooses.
 */

let deps: OrderFlowDeps;

beforeAll(async () => {
  const { handle } = await testHarness();
  deps = {
    db: handle.db,
    keys: linkKeys(handle.db),
    payments: () => null,
    identities: orderIdentities(handle.db),
  };
});

const RELEASE_MINUTES = 30;
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000);

async function guestOrder(shop: Shop, body: unknown): Promise<number> {
  const api = client(shop.domain);
  const session = await api("POST", "/api/auth/login/session", { body: {} });
  const placed: CallResult = await api("POST", "/api/storeOrder/create", {
    token: session.json.data.token,
    body,
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(placed.json.code, placed.json.msg).toBe("0");
  return placed.json.data.order.id;
}

function pickup(shop: Shop, quantity: number, extra: Record<string, unknown> = {}) {
  return cashDelivery([{ productId: shop.apple, quantity }], {
    delivery_type: "pickup",
    pickupOption: shop.pickupPoint,
    shipping_address: null,
    ...extra,
  });
}

async function orderRow(shop: Shop, id: number) {
  const { handle } = await testHarness();
  const [row] = await handle.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, shop.id), eq(orders.id, id)));
  return row;
}

async function confirm(shop: Shop, orderId: number) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  const moved = await api("POST", "/api/staff/orders/move", {
    token: login.json.data.token,
    body: { orderId, action: "confirm" },
  });
  expect(moved.json.code, moved.json.msg).toBe("0");
}

describe("unconfirmed unpaid orders", () => {
  it("are released after the shop's time: cancelled with a reason, stock and coupon back, the shopper told", async () => {
    const shop = await openShop();
    await shop.setUnpaidHolds({ unconfirmedReleaseMinutes: RELEASE_MINUTES });
    await shop.addCoupon("TENOFF");
    const email = freshEmail();
    const waiting = await guestOrder(shop, pickup(shop, 4, { coupon: "TENOFF", customer_contact: email }));
    const delivery = await guestOrder(shop, cashDelivery([{ productId: shop.apple, quantity: 1 }]));
    expect(await shop.stockOf(shop.apple)).toBe(95);
    expect(await shop.couponUses("TENOFF")).toBe(1);

    await releaseUnconfirmedOrders(deps, minutesFromNow(RELEASE_MINUTES - 1));
    expect((await orderRow(shop, waiting))?.status).toBe("placed");

    await releaseUnconfirmedOrders(deps, minutesFromNow(RELEASE_MINUTES + 1));
    const released = await orderRow(shop, waiting);
    expect(released).toMatchObject({
      status: "cancelled",
      paymentStatus: "voided",
      cancelReason: releaseReason({ unconfirmedReleaseMinutes: RELEASE_MINUTES }),
    });
    expect((await orderRow(shop, delivery))?.status).toBe("cancelled");
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await shop.couponUses("TENOFF")).toBe(0);
    // The dev mailbox answers newest first.
    const mail = await inbox(email);
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringContaining(`your order #${released?.orderNumber} was cancelled`),
      expect.stringContaining("we received your order"),
    ]);
    expect(mail[0]?.body).toContain(`/orders/${waiting}?token=`);

    // A second sweep finds nothing more to release, and gives nothing back twice.
    await releaseUnconfirmedOrders(deps, minutesFromNow(RELEASE_MINUTES + 2));
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect(await inbox(email)).toHaveLength(2);
  });

  it("leave alone what the shop confirmed, what a card paid, and other shops on their own time", async () => {
    const shop = await openShop();
    await shop.setUnpaidHolds({ unconfirmedReleaseMinutes: RELEASE_MINUTES });
    const patient = await openShop();
    const confirmed = await guestOrder(shop, pickup(shop, 1));
    await confirm(shop, confirmed);
    const paid = await guestOrder(
      shop,
      pickup(shop, 1, { payment_gateway: "test-card", credit_card: APPROVED_CARD }),
    );
    const elsewhere = await guestOrder(patient, pickup(patient, 1));

    await releaseUnconfirmedOrders(deps, minutesFromNow(RELEASE_MINUTES + 1));
    expect((await orderRow(shop, confirmed))?.status).toBe("confirmed");
    expect((await orderRow(shop, paid))?.status).toBe("placed");
    expect((await orderRow(patient, elsewhere))?.status).toBe("placed");
    expect(await shop.stockOf(shop.apple)).toBe(98);
  });
});
