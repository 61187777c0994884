import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariations } from "../catalogue/tables.ts";
import type { Database, DatabaseHandle } from "../platform/db/database.ts";
import { client, inbox } from "../test/accounts.ts";
import { twoConnectionPools } from "../test/connection-pools.ts";
import { expectError } from "../test/expect-error.ts";
import { testHarness } from "../test/harness.ts";
import { openShop, type Shop } from "../test/shops.ts";
import { sendDueStockAlerts } from "./service.ts";
import { stockAlerts } from "./tables.ts";

/*
 * "Email me when it's back": an address waits for a sold-out product or variation, and is written
 * to once when the stock comes back, whoever brings it back and however many API processes sweep.
 */

let db: Database;
beforeAll(async () => {
  db = (await testHarness()).handle.db;
});

let addresses = 0;
function address(): string {
  addresses += 1;
  return `waiting-${process.pid}-${Date.now()}-${addresses}@example.com`;
}

function ask(shop: Shop, body: Record<string, unknown>, locale = "en") {
  return client(shop.domain)("POST", "/api/storeProduct/stockAlert", { body, headers: { locale } });
}

async function setVariationStock(shop: Shop, variationId: number, stock: number) {
  await db
    .update(productVariations)
    .set({ stock })
    .where(and(eq(productVariations.storeId, shop.id), eq(productVariations.id, variationId)));
}

const backMails = async (to: string) => (await inbox(to)).filter((m) => m.subject.includes("back in stock"));

/** Sends what is due until nothing is: other tests' shops may have alerts due in the same database. */
async function sweepAll() {
  while ((await sendDueStockAlerts(db)).sent > 0);
}

describe("back-in-stock alerts", () => {
  it("waits for a sold-out product and writes once when it is back", async () => {
    const shop = await openShop();
    await shop.setStock(shop.apple, 0);
    const email = address();
    const first = await ask(shop, { productId: shop.apple, email: email.toUpperCase() });
    expect(first.json.code, first.json.msg).toBe("0");
    expect(first.json.data).toEqual({ email, productId: shop.apple, variationId: null });
    // Asking again answers the same and waits once.
    expect((await ask(shop, { productId: shop.apple, email })).json.data).toEqual(first.json.data);

    await sweepAll();
    expect(await backMails(email)).toEqual([]);
    await shop.setStock(shop.apple, 12);
    await sweepAll();
    const mails = await backMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(`/products/${shop.apple}`);

    // Sold out and back again: the alert was answered, nothing more is sent.
    await shop.setStock(shop.apple, 0);
    await shop.setStock(shop.apple, 3);
    await sweepAll();
    expect(await backMails(email)).toHaveLength(1);
  });

  it("waits again when the stock is gone before its turn", async () => {
    const shop = await openShop();
    await shop.setStock(shop.apple, 0);
    const email = address();
    await ask(shop, { productId: shop.apple, email });
    await shop.setStock(shop.apple, 1);
    await shop.setStock(shop.apple, 0);
    await sweepAll();
    expect(await backMails(email)).toEqual([]);
    await shop.setStock(shop.apple, 5);
    await sweepAll();
    expect(await backMails(email)).toHaveLength(1);
  });

  it("waits for one variation, and links the product with that variation chosen", async () => {
    const shop = await openShop();
    await setVariationStock(shop, shop.tee.large, 0);
    const email = address();
    const missing = await ask(shop, { productId: shop.tee.id, email });
    expectError(missing, "INVALID_INPUT");
    expect(missing.json.data.errors).toEqual({ variationId: "error-field-required" });
    expect((await ask(shop, { productId: shop.tee.id, variationId: shop.tee.large, email })).json.code).toBe(
      "0",
    );
    // The small tee selling out and coming back is not what this address waits for.
    await setVariationStock(shop, shop.tee.small, 0);
    await setVariationStock(shop, shop.tee.small, 4);
    await sweepAll();
    expect(await backMails(email)).toEqual([]);
    await setVariationStock(shop, shop.tee.large, 2);
    await sweepAll();
    const [mail] = await backMails(email);
    expect(mail?.body).toContain(`/products/${shop.tee.id}?variation=${shop.tee.large}`);
  });

  it("writes in the language the shopper asked from", async () => {
    const shop = await openShop();
    await shop.setStock(shop.apple, 0);
    const email = address();
    expect((await ask(shop, { productId: shop.apple, email }, "he")).json.code).toBe("0");
    await shop.setStock(shop.apple, 1);
    await sweepAll();
    const [mail] = await inbox(email);
    expect(mail?.subject).toContain("חזר למלאי");
  });

  it("refuses what is in stock, what is not the shop's, and a bad address", async () => {
    const shop = await openShop();
    expectError(await ask(shop, { productId: shop.apple, email: address() }), "IN_STOCK_ALREADY");
    expectError(
      await ask(shop, { productId: shop.tee.id, variationId: shop.tee.small, email: address() }),
      "IN_STOCK_ALREADY",
    );
    const other = await openShop();
    await other.setStock(other.apple, 0);
    expectError(await ask(shop, { productId: other.apple, email: address() }), "NOT_FOUND");
    const otherVariation = await ask(shop, {
      productId: shop.tee.id,
      variationId: other.tee.large,
      email: address(),
    });
    expectError(otherVariation, "NOT_FOUND");
    const bad = await ask(shop, { productId: shop.apple, email: "not an address" });
    expectError(bad, "INVALID_INPUT");
    expect(Object.keys(bad.json.data.errors)).toEqual(["email"]);
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.storeId, shop.id))).toEqual([]);
  });
});

/** Two connection pools, as two API processes sweeping at once: every due alert is sent exactly once. */
describe.skipIf(!process.env.TEST_DATABASE_URL)("back-in-stock alerts across API processes", () => {
  const pools = twoConnectionPools(4);

  it("sends each alert once when two processes sweep together", async () => {
    const shop = await openShop();
    await shop.setStock(shop.apple, 0);
    const emails = Array.from({ length: 30 }, address);
    for (const email of emails)
      expect((await ask(shop, { productId: shop.apple, email })).json.code).toBe("0");
    await shop.setStock(shop.apple, 50);
    const sweep = async (pool: DatabaseHandle) => {
      let sent = 0;
      for (let round = 0; round < 5; round++) sent += (await sendDueStockAlerts(pool.db)).sent;
      return sent;
    };
    const [a, b] = await Promise.all(pools().map(sweep));
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(30);
    for (const email of emails) expect(await backMails(email)).toHaveLength(1);
  });
});
