import {
  effectivePrice,
  SAVED_CART_LIMIT,
  type SavedCartLine,
  type SavedCartLineInput,
  savedCartLineId,
  savedCartSchema,
} from "@stoa/contract";
import { and, asc, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, productVariations } from "../catalogue/tables.ts";
import { stores } from "../stores/tables.ts";
import { client, registerVerified } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";

type Row = typeof products.$inferSelect;
type VariationRow = typeof productVariations.$inferSelect;

const GROCERY = 41;
let onSale: Row;
let plain: Row;
let otherPlain: Row;
let manyLines: SavedCartLineInput[] = [];
let manyDomain = "localhost";
let withVariations: { product: Row; domain: string; variation: VariationRow; otherVariation: VariationRow };
let dish: Row;
let soldOut: { product: Row; domain: string } | undefined;

async function domainOf(storeId: number) {
  const { handle } = await testHarness();
  const [store] = await handle.db
    .select({ domain: stores.domain })
    .from(stores)
    .where(eq(stores.id, storeId));
  return store?.domain as string;
}

beforeAll(async () => {
  const { handle } = await testHarness();
  const db = handle.db;
  const simple = and(
    eq(products.storeId, GROCERY),
    eq(products.variationCount, 0),
    eq(sql`${products.addOnGroups}`, sql`'[]'::jsonb`),
  );
  onSale = (
    await db
      .select()
      .from(products)
      .where(
        and(
          simple,
          isNotNull(products.salePrice),
          sql`${products.salePrice} < ${products.price}`,
          gt(products.stock, 5),
        ),
      )
      .orderBy(asc(products.id))
      .limit(1)
  )[0] as Row;
  const inStock = await db
    .select()
    .from(products)
    .where(and(simple, sql`${products.salePrice} IS NULL`, gt(products.stock, 5), lt(products.stock, 999)))
    .orderBy(asc(products.id))
    .limit(2);
  [plain, otherPlain] = inStock as [Row, Row];
  // More than SAVED_CART_LIMIT different lines of one store: a line per product bought without
  // picking anything, per variation, and per valid add-on choice of a dish.
  const candidates = await handle.query<{
    store_id: number;
    product_id: number;
    variation_id: number | null;
  }>(
    `SELECT p.store_id, p.id AS product_id, v.id AS variation_id FROM products p
       LEFT JOIN product_variations v ON v.store_id = p.store_id AND v.product_id = p.id
       WHERE p.variation_count = 0 OR v.id IS NOT NULL
     ORDER BY 1, 2, 3`,
  );
  const groupsOf = new Map<number, Row["addOnGroups"]>();
  for (const row of await db.select({ id: products.id, groups: products.addOnGroups }).from(products)) {
    groupsOf.set(row.id, row.groups);
  }
  const perStore = new Map<number, SavedCartLineInput[]>();
  for (const c of candidates) {
    const list = perStore.get(c.store_id) ?? [];
    const base = { productId: c.product_id, ...(c.variation_id ? { variationId: c.variation_id } : {}) };
    const groups = groupsOf.get(c.product_id) ?? [];
    const minimal = Object.fromEntries(
      groups.map((g) => [g.key, g.items.slice(0, g.minSelect).map((i) => i.key)]),
    );
    list.push({ ...base, addOns: minimal, quantity: 1 });
    for (const g of groups) {
      for (const item of g.items.slice(g.minSelect)) {
        const picks = g.minSelect < g.maxSelect ? [...(minimal[g.key] ?? []), item.key] : [item.key];
        list.push({ ...base, addOns: { ...minimal, [g.key]: picks }, quantity: 1 });
      }
    }
    perStore.set(c.store_id, list);
  }
  const [manyStore, lines] = [...perStore].sort((a, b) => b[1].length - a[1].length)[0] ?? [0, []];
  manyDomain = await domainOf(manyStore);
  manyLines = lines.slice(0, SAVED_CART_LIMIT + 1);
  const [varied] = await db
    .select()
    .from(products)
    .where(gt(products.variationCount, 1))
    .orderBy(asc(products.storeId), asc(products.id))
    .limit(1);
  const variations = await db
    .select()
    .from(productVariations)
    .where(
      and(
        eq(productVariations.storeId, varied?.storeId ?? 0),
        eq(productVariations.productId, varied?.id ?? 0),
      ),
    )
    .orderBy(asc(productVariations.id));
  withVariations = {
    product: varied as Row,
    domain: await domainOf(varied?.storeId ?? 0),
    variation: variations[0] as VariationRow,
    otherVariation: variations[1] as VariationRow,
  };
  dish = (
    await db
      .select()
      .from(products)
      .where(sql`${products.addOnGroups} @> '[{"key": "crust"}]'::jsonb`)
      .orderBy(asc(products.id))
      .limit(1)
  )[0] as Row;
  const [empty] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.stock, 0),
        eq(products.variationCount, 0),
        eq(sql`${products.addOnGroups}`, sql`'[]'::jsonb`),
      ),
    )
    .limit(1);
  soldOut = empty ? { product: empty, domain: await domainOf(empty.storeId) } : undefined;
});

const byProduct = (items: SavedCartLine[], productId: number) =>
  items.find((item) => item.productId === productId);

describe("saved cart", () => {
  it("saves lines and reads them back priced from the database", async () => {
    const api = client();
    const { token } = await registerVerified(api);
    const saved = await api("PUT", "/api/cart", {
      token,
      body: {
        items: [
          { productId: plain.id, quantity: 2, price: 1 },
          { productId: onSale.id, quantity: 1 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const read = await api("GET", "/api/cart", { token });
    const cart = savedCartSchema.parse(read.json.data);
    expect(cart).toEqual(savedCartSchema.parse(saved.json.data));
    expect(cart.items.map((item) => item.id)).toEqual([`${plain.id}::`, `${onSale.id}::`]);
    expect(byProduct(cart.items, plain.id)).toMatchObject({
      quantity: 2,
      price: plain.price,
      stock: plain.stock,
      isAvailable: plain.isAvailable,
      isDigital: false,
      image: plain.images[0] ?? null,
      name: plain.nameLocalizations.en,
    });
    expect(byProduct(cart.items, onSale.id)?.price).toBe(onSale.salePrice);
  });

  it("says which saved lines are digital goods, so another device's cart knows its checkout", async () => {
    const { handle } = await testHarness();
    const [digital] = await handle.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, GROCERY), eq(products.isDigital, true), gt(products.stock, 0)))
      .orderBy(asc(products.id))
      .limit(1);
    if (!digital) throw new Error("the grocery sells no digital goods");
    const api = client();
    const { token } = await registerVerified(api);
    const saved = await api("PUT", "/api/cart", {
      token,
      body: {
        items: [
          { productId: digital.id, quantity: 1 },
          { productId: plain.id, quantity: 1 },
        ],
      },
    });
    const cart = savedCartSchema.parse(saved.json.data);
    expect(byProduct(cart.items, digital.id)?.isDigital).toBe(true);
    expect(byProduct(cart.items, plain.id)?.isDigital).toBe(false);
  });

  it("prices a variation by its own price and a dish with its add-ons", async () => {
    const { product, domain, variation, otherVariation } = withVariations;
    const api = client(domain);
    const { token } = await registerVerified(api);
    const saved = await api("PUT", "/api/cart", {
      token,
      body: {
        items: [
          { productId: product.id, variationId: variation.id, quantity: 1 },
          // not this product's variation, and no variation for a product that needs one: dropped
          { productId: product.id, variationId: 2_000_000_000, quantity: 1 },
          { productId: product.id, quantity: 1 },
        ],
      },
    });
    expect(saved.json.data.items).toEqual([
      expect.objectContaining({
        id: `${product.id}:${variation.id}:`,
        price: effectivePrice(variation.price, variation.salePrice),
        stock: variation.stock,
      }),
    ]);
    expect(otherVariation.id).not.toBe(variation.id);

    const restaurant = client(await domainOf(dish.storeId));
    const diner = await registerVerified(restaurant);
    const addOns: Record<string, string[]> = {};
    let extra = 0;
    for (const group of dish.addOnGroups) {
      const picks = group.items.slice(-Math.max(group.minSelect, 1));
      if (picks.length > group.maxSelect) picks.length = group.maxSelect;
      addOns[group.key] = picks.map((item) => item.key);
      extra += picks.reduce((sum, item) => sum + item.price, 0);
    }
    expect(extra).toBeGreaterThan(0);
    const priced = await restaurant("PUT", "/api/cart", {
      token: diner.token,
      body: { items: [{ productId: dish.id, addOns, quantity: 1 }] },
    });
    const [line] = priced.json.data.items;
    expect(line.price).toBe(effectivePrice(dish.price, dish.salePrice) + extra);
    expect(line.id).toBe(savedCartLineId({ productId: dish.id, addOns }));

    const bad = await restaurant("PUT", "/api/cart", {
      token: diner.token,
      body: {
        items: [
          { productId: dish.id, addOns, quantity: 1 },
          { productId: dish.id, addOns: { ...addOns, crust: [] }, quantity: 1 },
          { productId: dish.id, addOns: { ...addOns, nope: ["x"] }, quantity: 1 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.data.errors).toEqual({
      "items.1.addOns": "error-field-invalid",
      "items.2.addOns": "error-field-invalid",
    });
    // The refused body changed nothing.
    const after = await restaurant("GET", "/api/cart", { token: diner.token });
    expect(after.json.data.items).toHaveLength(1);
  });

  it("drops another store's product, combines duplicates and clamps to stock", async () => {
    const api = client();
    const { token } = await registerVerified(api);
    const { handle } = await testHarness();
    const [foreign] = await handle.db.select().from(products).where(eq(products.storeId, 42)).limit(1);
    const { json } = await api("PUT", "/api/cart", {
      token,
      body: {
        items: [
          { productId: foreign?.id, quantity: 1 },
          { productId: plain.id, quantity: 1 },
          { productId: otherPlain.id, quantity: 999 },
          { productId: plain.id, quantity: 2 },
        ],
      },
    });
    expect(json.data.items.map((item: SavedCartLine) => [item.productId, item.quantity])).toEqual([
      [plain.id, 3],
      [otherPlain.id, otherPlain.stock],
    ]);
  });

  it("keeps a sold-out line with its quantity and says it is unavailable", async () => {
    // The demo catalogues hold a product with no stock; without one this test would prove nothing.
    if (!soldOut) throw new Error("no sold-out simple product in the demo stores");
    const api = client(soldOut.domain);
    const { token } = await registerVerified(api);
    const { json } = await api("PUT", "/api/cart", {
      token,
      body: { items: [{ productId: soldOut.product.id, quantity: 3 }] },
    });
    expect(json.data.items).toEqual([expect.objectContaining({ quantity: 3, stock: 0, isAvailable: false })]);
  });

  it("merges: the larger quantity wins, lines of one side are kept", async () => {
    const api = client();
    const { token } = await registerVerified(api);
    await api("PUT", "/api/cart", {
      token,
      body: {
        items: [
          { productId: plain.id, quantity: 3 },
          { productId: onSale.id, quantity: 1 },
        ],
      },
    });
    const merged = await api("POST", "/api/cart/merge", {
      token,
      body: {
        items: [
          { productId: onSale.id, quantity: 2 },
          { productId: plain.id, quantity: 1 },
          { productId: otherPlain.id, quantity: 1 },
        ],
      },
    });
    expect(merged.status).toBe(200);
    const lines = merged.json.data.items.map((item: SavedCartLine) => [item.productId, item.quantity]);
    expect(lines).toEqual([
      [plain.id, 3],
      [onSale.id, 2],
      [otherPlain.id, 1],
    ]);
    const read = await api("GET", "/api/cart", { token });
    expect(read.json.data).toEqual(merged.json.data);
    // A first merge into no saved cart is the device's cart.
    const fresh = await registerVerified(api);
    const first = await api("POST", "/api/cart/merge", {
      token: fresh.token,
      body: { items: [{ productId: plain.id, quantity: 2 }] },
    });
    expect(first.json.data.items.map((item: SavedCartLine) => item.quantity)).toEqual([2]);
  });

  it(`keeps the ${SAVED_CART_LIMIT} most recently added lines after a merge, and refuses a bigger body`, async () => {
    expect(manyLines.length).toBeGreaterThanOrEqual(SAVED_CART_LIMIT + 1);
    const api = client(manyDomain);
    const { token } = await registerVerified(api);
    const older = manyLines.slice(0, SAVED_CART_LIMIT);
    await api("PUT", "/api/cart", { token, body: { items: older } });
    const newest = manyLines[SAVED_CART_LIMIT] as SavedCartLineInput;
    const merged = await api("POST", "/api/cart/merge", { token, body: { items: [newest] } });
    const ids = merged.json.data.items.map((item: SavedCartLine) => item.id);
    expect(ids).toHaveLength(SAVED_CART_LIMIT);
    expect(ids.at(-1)).toBe(savedCartLineId(newest));
    expect(ids).not.toContain(savedCartLineId(older[0] as SavedCartLineInput));
    expect(ids[0]).toBe(savedCartLineId(older[1] as SavedCartLineInput));

    const tooMany = await api("PUT", "/api/cart", {
      token,
      body: { items: [...older, newest] },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.data.errors.items).toBe("error-field-too-long");
  });

  it("is the caller's own: others never see it; guests keep one too", async () => {
    const api = client();
    const alice = await registerVerified(api);
    const bob = await registerVerified(api);
    await api("PUT", "/api/cart", {
      token: alice.token,
      body: { items: [{ productId: plain.id, quantity: 1 }] },
    });
    expect((await api("GET", "/api/cart", { token: bob.token })).json.data.items).toEqual([]);
    expect((await api("GET", "/api/cart", { token: alice.token })).json.data.items).toHaveLength(1);
    const guest = await api("POST", "/api/auth/login/session", { body: {} });
    const guestToken = guest.json.data.token;
    await api("PUT", "/api/cart", {
      token: guestToken,
      body: { items: [{ productId: plain.id, quantity: 2 }] },
    });
    const guestCart = await api("GET", "/api/cart", { token: guestToken });
    expect(guestCart.json.data.items.map((item: SavedCartLine) => item.quantity)).toEqual([2]);
  });

  it("refuses a missing token, another store's token, an ended session and an unverified email", async () => {
    const api = client();
    expect((await api("GET", "/api/cart")).status).toBe(401);
    const { token } = await registerVerified(api);
    expect((await client("catering.localhost")("GET", "/api/cart", { token })).status).toBe(403);
    await api("POST", "/logout", { token });
    const ended = await api("GET", "/api/cart", { token });
    expect(ended.json.code).toBe("104");
    const reg = await api("POST", "/api/auth/register/store-customer/email", {
      body: { email: `unverified.${Date.now()}@example.com`, password: "correct horse 1", firstName: "Ana" },
    });
    const unverified = await api("POST", "/api/cart/merge", {
      token: reg.json.data.token,
      body: { items: [] },
    });
    expect(unverified.status).toBe(409);
  });
});
