import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { registerVerified } from "../test/accounts.ts";
import { restaurantOf } from "../test/dine-in-tabs.ts";
import { expectError } from "../test/expect-error.ts";
import { call, testHarness } from "../test/harness.ts";
import { openShop } from "../test/shops.ts";
import { shopOwner } from "../test/staff.ts";
import { dishSnoozes, tableTabs } from "./tables.ts";

// The shared database is migrated and seeded once, before the first test's clock starts.
beforeAll(async () => {
  await testHarness();
});

const apple = (shop: { apple: number }, quantity = 1, note = "") => ({
  productId: shop.apple,
  quantity,
  note,
});

describe("opening a table's tab", () => {
  it("opens one unconfirmed tab in the shop's currency, and the next diner joins it as Guest 2", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const tableId = await table("Window 1");
    const maya = await diner(tableId);
    const first = await maya.open("Maya");
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({
      table: { id: tableId, name: "Window 1" },
      status: "open",
      confirmed: false,
      currency: "USD",
      you: "Maya",
      diners: ["Maya"],
      rounds: [],
      goods: 0,
    });
    const other = await diner(tableId);
    const joined = await other.open();
    expect(joined.json.data).toMatchObject({
      id: first.json.data.id,
      you: "Guest 2",
      diners: ["Maya", "Guest 2"],
    });
    expect(joined.json.data.version).toBeGreaterThan(first.json.data.version);
  });

  it("keeps a diner's name when they open again without one, and takes a new one", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const maya = await diner(await table());
    await maya.open("Maya");
    expect((await maya.open()).json.data.you).toBe("Maya");
    const renamed = await maya.open("Maya L");
    expect(renamed.json.data).toMatchObject({ you: "Maya L", diners: ["Maya L"] });
  });

  it("names an unnamed diner in their language", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const guest = await diner(await table());
    expect((await guest.open("", "ar")).json.data.you).toBe("ضيف 1");
  });

  it("opens nothing at a deactivated table", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const guest = await diner(await table(undefined, false));
    expectError(await guest.open("Maya"), "NOT_FOUND");
  });

  it("takes only a live in-store pass of this store", async () => {
    const shop = await openShop();
    const other = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const guest = await diner(await table());
    const path = "/api/storeOrder/create/cateringOrder";
    expectError(await call("POST", path, { domain: shop.domain, body: {} }), "UNAUTHORIZED");
    const shopper = await registerVerified();
    expectError(
      await call("POST", path, { domain: shop.domain, token: shopper.token, body: {} }),
      "INVALID_SESSION",
    );
    const { token: staffToken } = await shopOwner(shop);
    expectError(
      await call("POST", path, { domain: shop.domain, token: staffToken, body: {} }),
      "INVALID_SESSION",
    );
    expectError(
      await call("POST", path, { domain: other.domain, token: guest.token, body: {} }),
      "FORBIDDEN",
    );
  });

  it("gives ten first diners at once one tab", async () => {
    const shop = await openShop();
    const { table, diner, db } = await restaurantOf(shop);
    const tableId = await table();
    const diners = await Promise.all(Array.from({ length: 10 }, () => diner(tableId)));
    const answers = await Promise.all(diners.map((d) => d.open()));
    expect(new Set(answers.map((a) => a.json.data.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json.data.you)).size).toBe(10);
    const tabs = await db.select().from(tableTabs).where(eq(tableTabs.storeId, shop.id));
    expect(tabs).toHaveLength(1);
  });
});

describe("sending a round", () => {
  it("prices each line from the catalogue, takes stock, and holds it until staff confirm the table", async () => {
    const shop = await openShop({ taxRateBp: 1000 });
    const { table, diner } = await restaurantOf(shop);
    const maya = await diner(await table());
    await maya.open("Maya");
    const sent = await maya.round("round-one-1", [
      apple(shop, 2, "no peel"),
      { productId: shop.tee.id, variationId: shop.tee.large, quantity: 1, price: 1 },
    ]);
    expect(sent.status).toBe(200);
    const tab = sent.json.data;
    expect(tab.rounds).toHaveLength(1);
    expect(tab.rounds[0]).toMatchObject({ ticket: 1, status: "held", dinerName: "Maya", total: 1900 });
    expect(tab.rounds[0].lines).toMatchObject([
      { name: "apple", unitPrice: 250, quantity: 2, lineTotal: 500, note: "no peel" },
      { name: "tee", options: ["Large"], unitPrice: 1400, lineTotal: 1400 },
    ]);
    // Menu prices include their tax: 10 % of 19.00 is 1.73 of it (45 + 127 + rounding per line).
    expect(tab).toMatchObject({ goods: 1900, total: 1900, balance: 1900, tax: 45 + 127 });
    expect(await shop.stockOf(shop.apple)).toBe(98);
    expect(await shop.variationStockOf(shop.tee.large)).toBe(4);
    const second = await maya.round("round-two-2", [apple(shop)]);
    expect(second.json.data.rounds.map((r: { ticket: number }) => r.ticket)).toEqual([1, 2]);
  });

  it("adds a round sent twice once, and refuses its key with other dishes", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const maya = await diner(await table());
    await maya.open("Maya");
    const [a, b] = await Promise.all([
      maya.round("double-tap-1", [apple(shop, 3)]),
      maya.round("double-tap-1", [apple(shop, 3)]),
    ]);
    expect(a.json.data.rounds).toHaveLength(1);
    expect(b.json.data.rounds).toHaveLength(1);
    expect(await shop.stockOf(shop.apple)).toBe(97);
    expectError(await maya.round("double-tap-1", [apple(shop, 4)]), "ROUND_KEY_REUSED");
  });

  it("joins a diner who sends a round before opening, as Guest n", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const guest = await diner(await table());
    const sent = await guest.round("no-open-first", [apple(shop)]);
    expect(sent.json.data).toMatchObject({ you: "Guest 1", rounds: [{ dinerName: "Guest 1" }] });
  });

  it("sends straight to the kitchen at a table staff seated", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const tableId = await table();
    const owner = await shopOwner(shop);
    await owner.as("/api/staff/tabs/seat", { tableId });
    const maya = await diner(tableId);
    const sent = await maya.round("seated-round", [apple(shop)]);
    expect(sent.json.data).toMatchObject({ confirmed: true, rounds: [{ status: "sent" }] });
  });

  it("refuses a dish off the dine-in menu, snoozed or without its variation, naming the line", async () => {
    const shop = await openShop();
    const { table, diner, db } = await restaurantOf(shop);
    const maya = await diner(await table());
    await maya.open("Maya");
    const offMenu = await maya.round("off-menu-1", [apple(shop), { productId: shop.giftCard, quantity: 1 }]);
    expectError(offMenu, "DISH_UNAVAILABLE");
    expect(offMenu.json.data.errors).toEqual({ "lines.1.productId": "error-dish-unavailable" });
    expectError(
      await maya.round("no-variation", [{ productId: shop.tee.id, quantity: 1 }]),
      "DISH_UNAVAILABLE",
    );
    await db.insert(dishSnoozes).values({ storeId: shop.id, productId: shop.apple });
    const snoozed = await maya.round("snoozed-1", [apple(shop)]);
    expectError(snoozed, "DISH_UNAVAILABLE");
    expect(snoozed.json.data.errors).toEqual({ "lines.0.productId": "error-dish-unavailable" });
    expect(await shop.stockOf(shop.apple)).toBe(100);
    expect((await maya.tab()).json.data.rounds).toEqual([]);
  });

  it("refuses more than the stock, taking none", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const maya = await diner(await table());
    await shop.setStock(shop.apple, 2);
    const short = await maya.round("too-many-1", [apple(shop, 3)]);
    expectError(short, "OUT_OF_STOCK");
    expect(short.json.data.errors).toEqual({ "lines.0.quantity": "error-out-of-stock" });
    expect(await shop.stockOf(shop.apple)).toBe(2);
  });

  it("refuses a round once the bill is asked for", async () => {
    const shop = await openShop();
    const { table, diner, db } = await restaurantOf(shop);
    const maya = await diner(await table());
    const opened = await maya.open("Maya");
    await db
      .update(tableTabs)
      .set({ status: "billing" })
      .where(and(eq(tableTabs.storeId, shop.id), eq(tableTabs.id, opened.json.data.id)));
    expectError(await maya.round("after-bill", [apple(shop)]), "TAB_NOT_OPEN");
  });

  it("checks the round's shape with the contract", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const maya = await diner(await table());
    expectError(await maya.round("short", [apple(shop)]), "INVALID_INPUT");
    expectError(await maya.round("empty-round", []), "INVALID_INPUT");
  });
});

describe("reading the tab", () => {
  it("answers no tab before one is open, the table's tab before joining it, and the diner's after", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const tableId = await table();
    const maya = await diner(tableId);
    const later = await diner(tableId);
    expectError(await maya.tab(), "NOT_FOUND");
    await maya.open("Maya");
    expect((await later.tab()).json.data).toMatchObject({ you: null, diners: ["Maya"] });
    expect((await maya.tab()).json.data).toMatchObject({ you: "Maya" });
  });

  it("never shows another table's tab", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const maya = await diner(await table());
    const elsewhere = await diner(await table());
    await maya.round("round-at-a", [apple(shop)]);
    expectError(await elsewhere.tab(), "NOT_FOUND");
    const theirs = await elsewhere.open("Noa");
    expect(theirs.json.data.rounds).toEqual([]);
  });
});

describe("a round after the bill was asked for", () => {
  it("is refused, and the bill stays what was asked: never a round left unpaid", async () => {
    const shop = await openShop();
    const { table, diner } = await restaurantOf(shop);
    const tableId = await table();
    const maya = await diner(tableId);
    const noa = await diner(tableId);
    await maya.open("Maya");
    await noa.open("Noa");
    await maya.round("round-before-bill", [apple(shop, 2)]);
    const asked = await call("POST", "/api/storeOrder/cateringOrderReady", {
      domain: shop.domain,
      token: maya.token,
    });
    expect(asked.json.data.status).toBe("billing");

    expectError(await noa.round("round-after-bill", [apple(shop)]), "TAB_NOT_OPEN");
    const after = (await noa.tab()).json.data;
    expect(after.rounds).toHaveLength(1);
    expect(after.total).toBe(asked.json.data.total);
  });
});
