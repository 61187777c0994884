import { orderLines, orders } from "../orders/tables.ts";
import { client, registerVerified } from "./accounts.ts";
import { testHarness } from "./harness.ts";
import type { Shop } from "./shops.ts";

/*
 * Orders are written straight into the tables here: what these tests prove is who may review
 * (received / not yet / never bought), not how an order gets delivered (the orders tests do).
 */
let orderCounter = 0;
/** An order of one product, in the state asked, written straight into the tables. */
export async function orderOf(
  shop: Shop,
  customerId: number,
  productId: number,
  status: "delivered" | "shipped" | "placed" = "delivered",
  digital = false,
) {
  const { handle } = await testHarness();
  orderCounter += 1;
  const [order] = await handle.db
    .insert(orders)
    .values({
      storeId: shop.id,
      orderNumber: 900_000 + orderCounter,
      customerId,
      status,
      paymentStatus: digital ? "captured" : "cash_due",
      fulfilmentStatus: status === "placed" ? "unfulfilled" : status,
      deliveryType: digital ? "digital" : "delivery",
      currency: "USD",
      totalAmount: 250,
      tax: 0,
      taxIncluded: false,
      shippingCharge: 0,
      discount: 0,
      tip: 0,
      wallet: 0,
      payableAmount: 250,
      customerName: "Dana Levi",
      customerContact: "dana@example.com",
      note: "",
      outStockPreference: "contact",
      locale: "en",
      idempotencyKey: `review-test-${orderCounter}-${Date.now()}`,
      requestDigest: "x",
      itemCount: 1,
    } as unknown as typeof orders.$inferInsert)
    .returning({ id: orders.id });
  if (!order) throw new Error("order not written");
  await handle.db.insert(orderLines).values({
    storeId: shop.id,
    orderId: order.id,
    productId,
    name: "product",
    sku: "sku",
    unitPrice: 250,
    quantity: 1,
    lineTotal: 250,
    tax: 0,
    position: 0,
    isDigital: digital,
    digitalFile: digital ? "gift-card.txt" : null,
  });
  return order.id;
}

/** A verified customer of the shop, with a delivered (or other) order of the product unless null. */
export async function buyer(
  shop: Shop,
  productId: number | null,
  status?: "delivered" | "shipped" | "placed",
) {
  const api = client(shop.domain);
  const account = await registerVerified(api);
  if (productId !== null) await orderOf(shop, account.userId, productId, status);
  const as = (method: string, path: string, body?: unknown, locale = "en") =>
    api(method, path, { token: account.token, body, locale });
  return { ...account, api, as };
}
