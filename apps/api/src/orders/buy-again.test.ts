import { randomUUID } from "node:crypto";
import { ERRORS } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, productVariations } from "../catalogue/tables.ts";
import { client, registerVerified } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import { cashDelivery, openShop, type Shop } from "../test/shops.ts";

/*
 * Buy again: an order's lines as the shop sells them today, for the storefront to put in the cart.
 * Prices and stock are today's; what the shop no longer sells is named from the order.
 */

let db: Awaited<ReturnType<typeof testHarness>>["handle"]["db"];
beforeAll(async () => {
  db = (await testHarness()).handle.db;
});

async function shopperWithOrder(shop: Shop) {
  const api = client(shop.domain);
  const { token } = await registerVerified(api);
  const placed = await api("POST", "/api/storeOrder/create", {
    token,
    body: cashDelivery([
      { productId: shop.apple, quantity: 3 },
      { productId: shop.tee.id, variationId: shop.tee.large, quantity: 1 },
      { productId: shop.tee.id, variationId: shop.tee.small, quantity: 2 },
    ]),
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(placed.json.code, placed.json.msg).toBe("0");
  return { api, token, orderId: placed.json.data.order.id as number };
}

describe("buy again", () => {
  it("answers the order's lines priced from today's catalogue, in the order's order", async () => {
    const shop = await openShop();
    const { api, token, orderId } = await shopperWithOrder(shop);
    await db
      .update(products)
      .set({ price: 300 })
      .where(and(eq(products.storeId, shop.id), eq(products.id, shop.apple)));
    const answer = await api("POST", "/api/storeOrder/buyAgain/storeCustomer", { token, body: { orderId } });
    expect(answer.json.code, answer.json.msg).toBe("0");
    expect(answer.json.data.unavailable).toEqual([]);
    expect(
      answer.json.data.items.map((item: { productId: number; quantity: number; price: number }) => [
        item.productId,
        item.quantity,
        item.price,
      ]),
    ).toEqual([
      [shop.apple, 3, 300],
      [shop.tee.id, 1, 1400],
      [shop.tee.id, 2, 1200],
    ]);
    expect(answer.json.data.items[1]).toMatchObject({
      variationId: shop.tee.large,
      asked: 1,
      isAvailable: true,
    });
  });

  it("names what is no longer sold and brings a line down to what is left", async () => {
    const shop = await openShop();
    const { api, token, orderId } = await shopperWithOrder(shop);
    // The large tee is gone, the apples are down to 2, the small tee is sold out.
    await db
      .delete(productVariations)
      .where(and(eq(productVariations.storeId, shop.id), eq(productVariations.id, shop.tee.large)));
    await shop.setStock(shop.apple, 2);
    await db
      .update(productVariations)
      .set({ stock: 0 })
      .where(and(eq(productVariations.storeId, shop.id), eq(productVariations.id, shop.tee.small)));
    const answer = await api("POST", "/api/storeOrder/buyAgain/storeCustomer", { token, body: { orderId } });
    expect(answer.json.code, answer.json.msg).toBe("0");
    expect(answer.json.data.items).toHaveLength(1);
    expect(answer.json.data.items[0]).toMatchObject({ productId: shop.apple, quantity: 2, asked: 3 });
    expect(answer.json.data.unavailable).toEqual([
      { name: "tee", options: expect.any(Array) },
      { name: "tee", options: expect.any(Array) },
    ]);
  });

  it("finds no order of another shopper, of another shop, or without a sign-in", async () => {
    const shop = await openShop();
    const { orderId } = await shopperWithOrder(shop);
    const stranger = client(shop.domain);
    const { token: strangerToken } = await registerVerified(stranger);
    const theirs = await stranger("POST", "/api/storeOrder/buyAgain/storeCustomer", {
      token: strangerToken,
      body: { orderId },
    });
    expect({ status: theirs.status, code: theirs.json.code }).toEqual({
      status: ERRORS.NOT_FOUND.status,
      code: ERRORS.NOT_FOUND.code,
    });

    const other = await openShop();
    const elsewhere = client(other.domain);
    const { token: elsewhereToken } = await registerVerified(elsewhere);
    const wrongShop = await elsewhere("POST", "/api/storeOrder/buyAgain/storeCustomer", {
      token: elsewhereToken,
      body: { orderId },
    });
    expect(wrongShop.json.code).toBe(ERRORS.NOT_FOUND.code);

    const anonymous = await client(shop.domain)("POST", "/api/storeOrder/buyAgain/storeCustomer", {
      body: { orderId },
    });
    expect(anonymous.status).toBe(401);

    const bad = await stranger("POST", "/api/storeOrder/buyAgain/storeCustomer", {
      token: strangerToken,
      body: { orderId: -1 },
    });
    expect(bad.json.code).toBe(ERRORS.INVALID_INPUT.code);
  });
});
