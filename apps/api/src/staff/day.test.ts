import { LOW_STOCK_LEVEL, SALES_CHART_DAYS } from "@stoa/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { client, freshEmail, registerVerified } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { cashDelivery, openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";

beforeAll(async () => {
  await testHarness();
});

async function ownerOf(shop: Shop) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  const token = login.json.data.token as string;
  return {
    api,
    token,
    as: (path: string, body?: unknown, query?: Record<string, number>) =>
      api("POST", path, { token, body, query }),
  };
}

describe("the day's dashboard", () => {
  it("counts what waits for staff, names low stock, and adds up today's sales", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const empty = await owner.as("/api/staff/today");
    expect(empty.json.data).toMatchObject({
      currency: expect.any(String),
      waiting: { toConfirm: 0, toPrepare: 0, toSend: 0, toHandOver: 0, refunds: 0 },
      sales: { today: { orders: 0, revenue: 0, averageBasket: 0 } },
    });
    expect(empty.json.data.sales.byDay).toHaveLength(SALES_CHART_DAYS);
    expect(empty.json.data.sales.byDay.at(-1).date).toBe(empty.json.data.today);

    const customer = await registerVerified(owner.api);
    const place = async () => {
      const placed = await owner.api("POST", "/api/storeOrder/create", {
        token: customer.token,
        body: cashDelivery([{ productId: shop.apple, quantity: 2 }]),
      });
      expect(placed.status, JSON.stringify(placed.json)).toBe(200);
      return placed.json.data.order as { id: number; payable_amount: number };
    };
    const first = await place();
    const second = await place();
    await owner.as("/api/staff/orders/move", { orderId: second.id, action: "confirm" });
    await shop.setStock(shop.apple, LOW_STOCK_LEVEL - 1);

    const day = (await owner.as("/api/staff/today")).json.data;
    expect(day.waiting).toMatchObject({ toConfirm: 1, toPrepare: 1 });
    expect(day.lowStock.products).toContainEqual(
      expect.objectContaining({ id: shop.apple, stock: LOW_STOCK_LEVEL - 1 }),
    );
    expect(day.sales.today.orders).toBe(2);
    expect(day.sales.today.revenue).toBe(first.payable_amount + second.payable_amount);
    expect(day.sales.today.averageBasket).toBe(
      Math.round((first.payable_amount + second.payable_amount) / 2),
    );
    expect(day.sales.lastDays.orders).toBe(2);

    expectError(await owner.api("POST", "/api/staff/today"), "UNAUTHORIZED");
    expectError(await owner.api("POST", "/api/staff/today", { token: customer.token }), "INVALID_SESSION");
    const other = await openShop();
    expectError(await client(other.domain)("POST", "/api/staff/today", { token: owner.token }), "FORBIDDEN");
  });
});

describe("messages and the newsletter", () => {
  it("lists contact messages with the unread count, marks them, and never shows another shop's", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = client(shop.domain);
    const email = freshEmail();
    const sent = await shopper("POST", "/contact-us/create", {
      body: { name: "Dana Levi", email, message: "Do you deliver on Saturdays?" },
    });
    expect(sent.status).toBe(200);
    const listed = await owner.as("/api/staff/messages/list", {});
    expect(listed.json.data).toMatchObject({ total: 1, unread: 1 });
    const id = listed.json.data.records[0].id as number;
    expect(listed.json.data.records[0]).toMatchObject({ email, readAt: null, answeredAt: null });

    const read = await owner.as("/api/staff/messages/mark", { id, mark: "read" });
    expect(read.json.data.readAt).not.toBeNull();
    expect((await owner.as("/api/staff/messages/list", {})).json.data.unread).toBe(0);
    await owner.as("/api/staff/messages/mark", { id, mark: "answered" });
    expect((await owner.as("/api/staff/messages/list", { open: true })).json.data.total).toBe(0);
    await owner.as("/api/staff/messages/mark", { id, mark: "open" });
    expect((await owner.as("/api/staff/messages/list", { open: true })).json.data.total).toBe(1);

    const other = await openShop();
    const otherOwner = await ownerOf(other);
    expect((await otherOwner.as("/api/staff/messages/list", {})).json.data.total).toBe(0);
    expectError(await otherOwner.as("/api/staff/messages/mark", { id, mark: "read" }), "NOT_FOUND");
    expectError(await owner.as("/api/staff/messages/mark", { id, mark: "deleted" }), "INVALID_INPUT");
  });

  it("lists and exports the newsletter's subscribers, and takes one off, audited", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const shopper = client(shop.domain);
    const emails = [freshEmail(), freshEmail(), freshEmail()];
    for (const email of emails) await shopper("POST", "/api/storeSubscription/add", { body: { email } });
    const page = await owner.as("/api/staff/newsletter/list", undefined, { limit: 2, page: 1 });
    expect(page.json.data).toMatchObject({ total: 3, last_page: 2 });
    const all = await owner.as("/api/staff/newsletter/list", undefined, { limit: 10_000 });
    expect(all.json.data.records.map((r: { email: string }) => r.email).sort()).toEqual([...emails].sort());
    expectError(await owner.as("/api/staff/newsletter/list", undefined, { limit: 10_001 }), "INVALID_INPUT");

    await owner.as("/api/staff/newsletter/remove", { email: emails[0] });
    expect((await owner.as("/api/staff/newsletter/list")).json.data.total).toBe(2);
    const audit = await owner.as("/api/staff/audit", { action: "newsletter" });
    expect(audit.json.data.records[0]).toMatchObject({
      action: "newsletter.remove",
      subject: `subscriber:${emails[0]}`,
    });
  });
});

describe("the staff's orders list", () => {
  it("filters by payment, delivery, days and a number or part of the shopper's name or contact", async () => {
    const shop = await openShop();
    const owner = await ownerOf(shop);
    const customer = await registerVerified(owner.api);
    const place = async (body: Record<string, unknown>) => {
      const placed = await owner.api("POST", "/api/storeOrder/create", {
        token: customer.token,
        body: cashDelivery([{ productId: shop.apple, quantity: 1 }], body),
      });
      expect(placed.status, JSON.stringify(placed.json)).toBe(200);
      return placed.json.data.order as { id: number; orderNumber: number };
    };
    const delivered = await place({ customer_name: "Noa O'Brien", customer_contact: "noa@example.com" });
    const pickup = await place({
      delivery_type: "pickup",
      shipping_address: null,
      pickupOption: shop.pickupPoint,
      customer_name: "Dana 50%_off",
      customer_contact: "+972501234567",
    });
    const ids = async (body: Record<string, unknown>) =>
      (await owner.as("/api/staff/orders/list", body)).json.data.records.map((o: { id: number }) => o.id);
    expect(await ids({})).toEqual([pickup.id, delivered.id]);
    expect(await ids({ deliveryType: "pickup" })).toEqual([pickup.id]);
    expect(await ids({ paymentStatus: "cash_due" })).toEqual([pickup.id, delivered.id]);
    expect(await ids({ paymentStatus: "captured" })).toEqual([]);
    expect(await ids({ q: "o'brien" })).toEqual([delivered.id]);
    expect(await ids({ q: "NOA@EXAMPLE" })).toEqual([delivered.id]);
    expect(await ids({ q: "50123" })).toEqual([pickup.id]);
    // LIKE's wildcards typed by staff are plain characters.
    expect(await ids({ q: "50%_" })).toEqual([pickup.id]);
    expect(await ids({ q: "%z" })).toEqual([]);
    expect(await ids({ q: String(delivered.orderNumber) })).toEqual([delivered.id]);
    const today = (await owner.as("/api/staff/today")).json.data.today as string;
    expect(await ids({ from: today, to: today })).toEqual([pickup.id, delivered.id]);
    expect(await ids({ to: "2020-01-01" })).toEqual([]);
    expectError(await owner.as("/api/staff/orders/list", { paymentStatus: "paid" }), "INVALID_INPUT");
  });

  it("counts a long list only as far as the pages ahead, and says the total is at least that", async () => {
    const shop = await openShop({ unpaidOrderLimit: 20 });
    const owner = await ownerOf(shop);
    const customer = await registerVerified(owner.api);
    for (let i = 0; i < 11; i++) {
      const placed = await owner.api("POST", "/api/storeOrder/create", {
        token: customer.token,
        body: cashDelivery([{ productId: shop.apple, quantity: 1 }]),
      });
      expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    }
    const page = async (limit: number, pageNumber: number) =>
      (await owner.as("/api/staff/orders/list", {}, { limit, page: pageNumber })).json.data;
    // Pages of one order: page 1 counts ten pages' worth, and says there are more.
    expect(await page(1, 1)).toMatchObject({ total: 10, last_page: 10, total_is_lower_bound: true });
    // Further on, the count reaches the end and is exact again; so is a page of five.
    expect(await page(1, 3)).toMatchObject({ total: 11, last_page: 11, total_is_lower_bound: false });
    expect(await page(5, 1)).toMatchObject({ total: 11, last_page: 3, total_is_lower_bound: false });
  });
});
