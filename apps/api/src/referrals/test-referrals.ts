import { expect } from "vitest";
import { client, registerVerified } from "../test/accounts.ts";
import type { CallResult } from "../test/harness.ts";
import { testHarness } from "../test/harness.ts";
import { APPROVED_CARD, openShop, SHOPPER_ADDRESS, type Shop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { recordReferral } from "./test-ledger.ts";

/*
 * A shop with a referrer and their friends' orders placed, moved and refunded through the API, the
 * referral recorded on each as order create records it (test-ledger.ts).
 */

export function expectOk(result: CallResult) {
  expect(result.status, JSON.stringify(result.json)).toBe(200);
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** `days` from now: the time the referral sweep judges by. */
export const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

export async function referralShop() {
  const shop = await openShop();
  const owner = await shopOwner(shop);
  const { handle } = await testHarness();
  const db = handle.db;
  const referrer = await registerVerified(client(shop.domain));
  const api = client(shop.domain);

  /**
   * A friend's card order of `apples` apples (2.50 each) with the referral recorded: commission
   * 5 % of the goods unless said; `moves` are the staff's actions on it.
   */
  const referredOrder = async (
    options: {
      apples?: number;
      moves?: string[];
      commission?: number;
      returnWindowDays?: number;
      review?: Parameters<typeof recordReferral>[1]["review"];
      referrerId?: number;
    } = {},
  ) => {
    const apples = options.apples ?? 4;
    const friend = await registerVerified(client(shop.domain));
    const placed = await api("POST", "/api/storeOrder/create", {
      token: friend.token,
      body: {
        products: [{ productId: shop.apple, quantity: apples }],
        delivery_type: "delivery",
        shipping_address: SHOPPER_ADDRESS,
        payment_gateway: "test-card",
        credit_card: APPROVED_CARD,
        customer_name: "Dana Levi",
      },
    });
    expectOk(placed);
    const order = placed.json.data.order as {
      id: number;
      orderNumber: number;
      lines: { id: number; quantity: number }[];
    };
    const goodsAmount = apples * 250;
    const commission = options.commission ?? Math.round(goodsAmount * 0.05);
    const recorded = await recordReferral(db, {
      storeId: shop.id,
      orderId: order.id,
      referrerId: options.referrerId ?? referrer.userId,
      friendCustomerId: friend.userId,
      goodsAmount,
      commission,
      returnWindowDays: options.returnWindowDays,
      review: options.review,
    });
    for (const action of options.moves ?? [])
      expectOk(await owner.as("/api/staff/orders/move", { orderId: order.id, action }));
    return { ...order, ...recorded, friend, goodsAmount, commission };
  };
  return { shop, owner, db, referrer, referredOrder };
}
export type ReferralShop = Awaited<ReturnType<typeof referralShop>>;
export type { Shop };

export const DELIVER = ["confirm", "startPreparing", "ship", "deliver"];
