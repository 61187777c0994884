import { WISHLIST_LIMIT, wishlistPageSchema, wishlistRecordSchema } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../catalogue/tables.ts";
import { client, registerVerified } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import { wishlistItems } from "./tables.ts";

let productIds: number[] = [];
let foreignProductId = 0;

beforeAll(async () => {
  const { handle } = await testHarness();
  productIds = (
    await handle.db.select({ id: products.id }).from(products).where(eq(products.storeId, 41)).limit(5)
  ).map((p) => p.id);
  const [foreign] = await handle.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.storeId, 42))
    .limit(1);
  foreignProductId = foreign?.id ?? 0;
});

describe("wishlist", () => {
  it("adds a product once, lists it newest first with the product, and removes it", async () => {
    const { token } = await registerVerified();
    const api = client();
    const first = await api("POST", "/api/wishlist", { token, body: { productId: productIds[0] } });
    const record = wishlistRecordSchema.parse(first.json.data);
    expect(record.productId).toBe(productIds[0]);
    expect(record.product.id).toBe(productIds[0]);
    const again = await api("POST", "/api/wishlist", { token, body: { productId: productIds[0] } });
    expect(again.json.data.id).toBe(record.id);
    await api("POST", "/api/wishlist", { token, body: { productId: productIds[1] } });

    const list = await api("GET", "/api/wishlist", { token, query: { limit: WISHLIST_LIMIT, page: 1 } });
    const page = wishlistPageSchema.parse(list.json.data);
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.productId)).toEqual([productIds[1], productIds[0]]);

    const removed = await api("DELETE", "/api/wishlist", { token, query: { idList: `${record.id}` } });
    expect(removed.json.data.deleted).toBe(1);
    const after = await api("GET", "/api/wishlist", { token });
    expect(after.json.data.records.map((r: { productId: number }) => r.productId)).toEqual([productIds[1]]);
  });

  it("touches only the caller's own records", async () => {
    const alice = await registerVerified();
    const bob = await registerVerified();
    const api = client();
    const mine = await api("POST", "/api/wishlist", {
      token: alice.token,
      body: { productId: productIds[2] },
    });
    const theirs = await api("DELETE", "/api/wishlist", {
      token: bob.token,
      query: { idList: `${mine.json.data.id}` },
    });
    expect(theirs.json.data.deleted).toBe(0);
    const bobList = await api("GET", "/api/wishlist", { token: bob.token });
    expect(bobList.json.data.total).toBe(0);
    const aliceList = await api("GET", "/api/wishlist", { token: alice.token });
    expect(aliceList.json.data.total).toBe(1);
  });

  it("refuses another store's product, a missing product and a bad id list", async () => {
    const { token } = await registerVerified();
    const api = client();
    const foreign = await api("POST", "/api/wishlist", { token, body: { productId: foreignProductId } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("4042");
    const missing = await api("POST", "/api/wishlist", { token, body: {} });
    expect(missing.json.data.errors.productId).toBe("error-field-required");
    const badList = await api("DELETE", "/api/wishlist", { token, query: { idList: "1,abc" } });
    expect(badList.status).toBe(400);
    expect(badList.json.data.errors.idList).toBe("error-field-invalid");
  });

  it("is for signed-in customers only: no token, a guest, or a token of another store are refused", async () => {
    const api = client();
    expect((await api("GET", "/api/wishlist")).status).toBe(401);
    const guest = await api("POST", "/api/auth/login/session", { body: {} });
    expect((await api("GET", "/api/wishlist", { token: guest.json.data.token })).status).toBe(403);
    const { token } = await registerVerified();
    expect((await client("catering.localhost")("GET", "/api/wishlist", { token })).status).toBe(403);
  });

  it(`holds at most ${WISHLIST_LIMIT} products`, async () => {
    const { token, userId } = await registerVerified();
    const { handle } = await testHarness();
    await handle.db.insert(wishlistItems).select(
      handle.db
        .select({
          storeId: sql<number>`41`.as("store_id"),
          id: sql<number>`nextval(pg_get_serial_sequence('wishlist_items', 'id'))`.as("id"),
          customerId: sql<number>`${userId}`.as("customer_id"),
          productId: sql<number>`-g`.as("product_id"),
          createdAt: sql<Date>`now()`.as("created_at"),
        })
        .from(sql`generate_series(1, ${WISHLIST_LIMIT}) AS g`),
    );
    const full = await client()("POST", "/api/wishlist", { token, body: { productId: productIds[3] } });
    expect(full.status).toBe(422);
    expect(full.json.code).toBe("1004");
    await handle.db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.storeId, 41), eq(wishlistItems.customerId, userId)));
  });
});
