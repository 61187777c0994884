import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../orders/tables.ts";
import { paymentEvents } from "../payments/tables.ts";
import { auditLog } from "../staff/tables.ts";
import { client, freshEmail, inbox, registerVerified } from "../test/accounts.ts";
import { tableWithTab } from "../test/bill-tabs.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { APPROVED_CARD, addCoupon, cashDelivery, openShop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { tableTabs } from "./tables.ts";

const ASK = "/api/storeOrder/cateringOrderReady";
const PAY = "/api/storeOrder/cateringOrderCheckout";
const DECLINED_CARD = { ...APPROVED_CARD, number: "4000000000000002" };

let keyCounter = 0;
const newKey = () => `bill-key-${Date.now().toString(36)}-${++keyCounter}`;

/** A shop with a table whose tab holds 10.00 + 2 × 7.50 + 4.01 = 29.01 over two rounds. */
async function billTable() {
  const shop = await openShop();
  const api = client(shop.domain);
  const made = await tableWithTab(shop, [
    [
      { name: "Soup", price: 1000 },
      { name: "Bread", price: 750, quantity: 2 },
    ],
    [{ name: "Cake", price: 401 }],
  ]);
  const ask = (token: string) => api("POST", ASK, { token });
  const pay = (token: string, body: Record<string, unknown>, key = newKey()) =>
    api("POST", PAY, { token, body, headers: { "Idempotency-Key": key } });
  return { shop, api, ...made, ask, pay };
}

const card = (share: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  share,
  way: "card",
  credit_card: APPROVED_CARD,
  ...extra,
});

describe("asking for the bill (cateringOrderReady)", () => {
  it("freezes the tab and writes it as a table order, once", async () => {
    const { shop, ask, diner, tab, table } = await billTable();
    const maya = await diner("Maya");
    const asked = await ask(maya);
    expect(asked.status).toBe(200);
    expect(asked.json.data).toMatchObject({ status: "billing", total: 2901, balance: 2901, you: "Maya" });
    expect(asked.json.data.orderNumber).toBeGreaterThan(1000);

    const again = await ask(await diner("Noa"));
    expect(again.json.data.orderNumber).toBe(asked.json.data.orderNumber);

    const { handle } = await testHarness();
    const [row] = await handle.db.select().from(tableTabs).where(eq(tableTabs.id, tab.id));
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, shop.id), eq(orders.id, row?.orderId ?? 0)));
    expect(order).toMatchObject({
      deliveryType: "table",
      status: "delivered",
      fulfilmentStatus: "delivered",
      paymentStatus: "none",
      customerName: table.name,
      totalAmount: 2901,
      payableAmount: 2901,
      itemCount: 4,
      placedAsGuest: true,
    });
    expect(row?.billAskedAt).not.toBeNull();
  });

  it("refuses an empty bill", async () => {
    const shop = await openShop();
    const api = client(shop.domain);
    const empty = await tableWithTab(shop, []);
    expectError(await api("POST", ASK, { token: await empty.diner("Maya") }), "TAB_BILL_EMPTY");
  });

  it("is the diners' call only: no token, a shopper's token, another shop's pass", async () => {
    const { api, diner } = await billTable();
    expectError(await api("POST", ASK), "UNAUTHORIZED");
    const shopper = await registerVerified(client());
    expectError(await api("POST", ASK, { token: shopper.token }), "INVALID_SESSION");
    const other = await billTable();
    expectError(await api("POST", ASK, { token: await other.diner("Eve") }), "FORBIDDEN");
    expect((await api("POST", ASK, { token: await diner("Maya") })).status).toBe(200);
  });

  it("puts a signed-in diner's bill in their orders", async () => {
    const { api, diner, ask, pay, shop } = await billTable();
    const shopper = await registerVerified(client(shop.domain));
    const token = await diner("Dana", shopper.userId);
    await ask(token);
    expect((await pay(token, card({ kind: "whole" }))).status).toBe(200);
    const list = await api("POST", "/api/storeOrder/list/storeCustomer", { token: shopper.token, body: {} });
    const listed = JSON.stringify(list.json.data);
    expect(list.status, listed).toBe(200);
    expect(listed).toContain('"table"');
  });
});

describe("paying a share (cateringOrderCheckout)", () => {
  it("refuses a bill not asked for", async () => {
    const { diner, pay } = await billTable();
    expectError(await pay(await diner("Maya"), card({ kind: "whole" })), "TAB_BILL_NOT_ASKED");
  });

  it("pays the whole bill with a tip: the tab closes, the order is paid, the passes die", async () => {
    const { shop, diner, ask, pay, api } = await billTable();
    const maya = await diner("Maya");
    await ask(maya);
    const email = freshEmail();
    const paid = await pay(
      maya,
      card({ kind: "whole" }, { tip_option: { type: "percent", value: 10 }, email }),
    );
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.data.share).toMatchObject({
      kind: "whole",
      goods: 2901,
      tip: 290,
      amount: 3191,
      status: "paid",
    });
    expect(paid.json.data.tab).toMatchObject({ status: "paid", balance: 0, paid: 2901, tips: 290 });

    const { handle } = await testHarness();
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, shop.id), eq(orders.orderNumber, paid.json.data.tab.orderNumber)));
    expect(order).toMatchObject({
      paymentStatus: "captured",
      tip: 290,
      payableAmount: 3191,
      cardLast4: "4242",
    });
    const events = await handle.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.storeId, shop.id), eq(paymentEvents.orderId, order?.id ?? 0)));
    expect(events.map((e) => [e.kind, e.result, e.amount])).toEqual([
      ["authorize", "approved", 3191],
      ["capture", "approved", 3191],
    ]);
    const [receipt] = await inbox(email);
    expect(receipt?.body).toContain("Tip: $2.90");
    expect(receipt?.body).toContain("The bill is settled.");
    // The tab is paid: every pass of it is dead at once.
    expectError(await api("POST", ASK, { token: maya }), "INVALID_SESSION");
  });

  it("splits evenly: each part once, the cent left over to the first, another count refused", async () => {
    const { diner, ask, pay } = await billTable();
    const maya = await diner("Maya");
    const noa = await diner("Noa");
    await ask(maya);
    const first = await pay(maya, card({ kind: "even", parts: 2, part: 1 }));
    expect(first.json.data.share).toMatchObject({ goods: 1451, part: 1, parts: 2 });
    expect(first.json.data.tab).toMatchObject({ status: "billing", evenParts: 2, balance: 1450 });
    expectError(await pay(noa, card({ kind: "even", parts: 2, part: 1 })), "SHARE_TAKEN");
    expectError(await pay(noa, card({ kind: "even", parts: 3, part: 2 })), "SPLIT_CONFLICT");
    expectError(await pay(noa, card({ kind: "items", lineIds: [1] })), "SPLIT_CONFLICT");
    const second = await pay(
      noa,
      card({ kind: "even", parts: 2, part: 2 }, { tip_option: { type: "amount", value: 200 } }),
    );
    expect(second.json.data.share).toMatchObject({ goods: 1450, tip: 200, amount: 1650 });
    expect(second.json.data.tab).toMatchObject({ status: "paid", balance: 0, paid: 2901, tips: 200 });
  });

  it("splits by item: a dish paid once, the rest paid whole", async () => {
    const { diner, ask, pay, lineIds } = await billTable();
    const maya = await diner("Maya");
    const noa = await diner("Noa");
    await ask(maya);
    const [soup, bread] = lineIds;
    const mine = await pay(maya, card({ kind: "items", lineIds: [soup, bread] }));
    expect(mine.json.data.share).toMatchObject({ kind: "items", goods: 2500 });
    expectError(await pay(noa, card({ kind: "items", lineIds: [bread] })), "SHARE_TAKEN");
    expectError(await pay(noa, card({ kind: "even", parts: 2, part: 2 })), "SPLIT_CONFLICT");
    const rest = await pay(noa, card({ kind: "whole" }));
    expect(rest.json.data.share).toMatchObject({ goods: 401 });
    expect(rest.json.data.tab.status).toBe("paid");
    expect(rest.json.data.tab.rounds[0].lines[0].paidByShareId).toBe(mine.json.data.share.id);
  });

  it("a declined card frees its part, and says why", async () => {
    const { diner, ask, pay } = await billTable();
    const maya = await diner("Maya");
    await ask(maya);
    const key = newKey();
    const refused = await pay(
      maya,
      card({ kind: "even", parts: 2, part: 1 }, { credit_card: DECLINED_CARD }),
      key,
    );
    expectError(refused, "PAYMENT_DECLINED");
    // The same request again answers the same refusal; the part is free for a good card.
    expectError(
      await pay(maya, card({ kind: "even", parts: 2, part: 1 }, { credit_card: DECLINED_CARD }), key),
      "PAYMENT_DECLINED",
    );
    const again = await pay(maya, card({ kind: "even", parts: 3, part: 1 }));
    expect(again.status).toBe(200);
    expect(again.json.data.tab.evenParts).toBe(3);
  });

  it("answers a retried request once, and refuses its key for another request", async () => {
    const { shop, diner, ask, pay } = await billTable();
    const maya = await diner("Maya");
    await ask(maya);
    const key = newKey();
    const body = card({ kind: "even", parts: 2, part: 1 });
    const [a, b] = await Promise.all([pay(maya, body, key), pay(maya, body, key)]);
    expect(a.json.data.share.id).toBe(b.json.data.share.id);
    expect(a.json.data.tab.paid).toBe(1451);
    expectError(await pay(maya, card({ kind: "even", parts: 2, part: 2 }), key), "IDEMPOTENCY_KEY_REUSED");
    const { handle } = await testHarness();
    const captures = await handle.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.storeId, shop.id), eq(paymentEvents.kind, "capture")));
    expect(captures).toHaveLength(1);
  });

  it("never takes more than the balance, nor a tip above the share", async () => {
    const { diner, ask, pay } = await billTable();
    const maya = await diner("Maya");
    await ask(maya);
    const tooMuch = await pay(maya, card({ kind: "whole" }, { tip_option: { type: "amount", value: 3000 } }));
    expectError(tooMuch, "INVALID_INPUT");
    expect(tooMuch.json.data.fieldErrors ?? tooMuch.json).toBeTruthy();
    await pay(maya, card({ kind: "whole" }));
    expectError(await pay(maya, card({ kind: "whole" })), "INVALID_SESSION");
  });

  it("takes a coupon off the whole bill before any share, not after", async () => {
    const { shop, diner, ask, pay } = await billTable();
    const { handle } = await testHarness();
    await addCoupon(handle.db, shop.id, { code: "TABLE10" });
    await addCoupon(handle.db, shop.id, { code: "LATE5" });
    const maya = await diner("Maya");
    await ask(maya);
    const bad = await pay(maya, card({ kind: "whole" }, { coupon: "NOPE" }));
    expectError(bad, "INVALID_COUPON");
    const first = await pay(maya, card({ kind: "even", parts: 2, part: 1 }, { coupon: "table10" }));
    expect(first.json.data.tab).toMatchObject({ discount: 290, total: 2611, couponCode: "TABLE10" });
    expect(first.json.data.share.goods).toBe(1306);
    expectError(
      await pay(maya, card({ kind: "even", parts: 2, part: 2 }, { coupon: "LATE5" })),
      "TAB_COUPON_TOO_LATE",
    );
    const second = await pay(maya, card({ kind: "even", parts: 2, part: 2 }, { coupon: "TABLE10" }));
    expect(second.json.data.tab).toMatchObject({ status: "paid", paid: 2611 });
  });

  it("asks to pay at the counter: nothing moves, staff see it", async () => {
    const { diner, ask, pay } = await billTable();
    const maya = await diner("Maya");
    await ask(maya);
    const asked = await pay(maya, { share: { kind: "whole" }, way: "counter" });
    expect(asked.json.data.share).toMatchObject({ way: "counter", goods: 2901, status: "paying" });
    expect(asked.json.data.tab).toMatchObject({ counterAsked: true, status: "billing", paid: 0 });
  });
});

describe("staff settle and close tabs", () => {
  it("settles what is left in cash with a tip, after a card paid part", async () => {
    const { shop, diner, ask, pay, tab } = await billTable();
    const owner = await shopOwner(shop);
    const maya = await diner("Maya");
    await ask(maya);
    await pay(maya, card({ kind: "even", parts: 2, part: 1 }));
    const settled = await owner.as("/api/staff/tabs/settle", {
      tabId: tab.id,
      tip_option: { type: "amount", value: 150 },
    });
    expect(settled.status, JSON.stringify(settled.json)).toBe(200);
    expect(settled.json.data).toMatchObject({ status: "paid", balance: 0, tips: 150, you: null });
    const { handle } = await testHarness();
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, shop.id), eq(orders.orderNumber, settled.json.data.orderNumber)));
    expect(order).toMatchObject({ paymentStatus: "captured", tip: 150 });
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, shop.id), eq(auditLog.action, "tab.settle")));
    expect(audit).toHaveLength(1);
    expectError(await owner.as("/api/staff/tabs/settle", { tabId: tab.id }), "TAB_NOT_OPEN");
  });

  it("settles a tab nobody asked the bill of, all in cash", async () => {
    const { shop, tab } = await billTable();
    const owner = await shopOwner(shop);
    const settled = await owner.as("/api/staff/tabs/settle", { tabId: tab.id });
    expect(settled.json.data).toMatchObject({ status: "paid", paid: 2901 });
    const { handle } = await testHarness();
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, shop.id), eq(orders.orderNumber, settled.json.data.orderNumber)));
    expect(order).toMatchObject({
      paymentStatus: "cash_collected",
      paymentGateway: "cash",
      deliveryType: "table",
    });
  });

  it("closes only a tab that owes nothing, and only in its own shop", async () => {
    const { shop, tab } = await billTable();
    const owner = await shopOwner(shop);
    expectError(await owner.as("/api/staff/tabs/close", { tabId: tab.id, reason: "left" }), "TAB_OWES");
    const empty = await tableWithTab(shop, []);
    const closed = await owner.as("/api/staff/tabs/close", { tabId: empty.tab.id, reason: "prank scan" });
    expect(closed.json.data.status).toBe("closed");
    const other = await billTable();
    expectError(await owner.as("/api/staff/tabs/settle", { tabId: other.tab.id }), "NOT_FOUND");
    const client_ = client(shop.domain);
    expectError(
      await client_("POST", "/api/staff/tabs/close", { body: { tabId: tab.id, reason: "x" } }),
      "UNAUTHORIZED",
    );
  });
});

describe("a checkout never makes a table order", () => {
  it("refuses delivery type table with a field error", async () => {
    const shop = await openShop();
    const api = client(shop.domain);
    const shopper = await registerVerified(client(shop.domain));
    const refused = await api("POST", "/api/storeOrder/create", {
      token: shopper.token,
      body: cashDelivery([{ productId: shop.apple, quantity: 1 }], { delivery_type: "table" }),
    });
    expectError(refused, "INVALID_INPUT");
    expect(JSON.stringify(refused.json)).toContain("delivery_type");
  });
});
