import { collectionPageSchema, productInfoSchema, productSearchResultSchema } from "@stoa/contract";
import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { takeProductsStock } from "../catalogue/stock.ts";
import { products, productVariations } from "../catalogue/tables.ts";
import { stores } from "../stores/tables.ts";
import { call, testHarness } from "../test/harness.ts";
import { releaseStock, reserveStock, type StockLine } from "./service.ts";

// The seeded demo stores, shared with every other test file: each test puts back the stock it took.
const restore: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (restore.length > 0) await restore.pop()?.();
});

const db = async () => (await testHarness()).handle.db;

async function storeOf(domain: string) {
  const [store] = await (await db()).select().from(stores).where(eq(stores.domain, domain));
  if (!store) throw new Error(`no store ${domain}`);
  return store;
}
/**
 * Where the store's product changes stand (decision 069): a kept answer is dropped by a change
 * that reaches it; stock alone reaches none unless a product sells out or comes back.
 */
const versionOf = async (domain = "localhost") => (await storeOf(domain)).productChangesSeq;

/** Products of a store sold as they are, with at least `minStock` left, in a collection first when asked. */
async function plainProducts(storeId: number, count: number, minStock = 10) {
  const rows = await (await db())
    .select({ id: products.id, stock: products.stock, name: products.nameLocalizations })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.isAvailable, true),
        eq(products.variationCount, 0),
        gt(products.stock, minStock),
      ),
    )
    .orderBy(asc(products.id))
    .limit(count);
  if (rows.length < count) throw new Error("not enough products");
  return rows.map((row) => ({ id: row.id, stock: row.stock, name: row.name.en ?? "" }));
}

/** A product sold by variation whose first two variations have at least two left each. */
async function productWithVariations() {
  const handle = await db();
  const candidates = await handle
    .select({ id: products.id, storeId: products.storeId, stock: products.stock })
    .from(products)
    .where(and(gt(products.variationCount, 1), eq(products.isAvailable, true)))
    .orderBy(asc(products.id));
  for (const product of candidates) {
    const variations = await handle
      .select({ id: productVariations.id, stock: productVariations.stock })
      .from(productVariations)
      .where(
        and(
          eq(productVariations.storeId, product.storeId),
          eq(productVariations.productId, product.id),
          gt(productVariations.stock, 2),
        ),
      )
      .orderBy(asc(productVariations.id))
      .limit(2);
    const [store] = await handle.select().from(stores).where(eq(stores.id, product.storeId));
    if (variations.length === 2 && store) return { ...product, domain: store.domain, variations };
  }
  throw new Error("no product with variations in stock");
}

async function stockOf(storeId: number, productId: number) {
  const [row] = await (await db())
    .select({ stock: products.stock })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  return row?.stock;
}
async function variationStockOf(storeId: number, variationId: number) {
  const [row] = await (await db())
    .select({ stock: productVariations.stock })
    .from(productVariations)
    .where(and(eq(productVariations.storeId, storeId), eq(productVariations.id, variationId)));
  return row?.stock;
}

/** Sets stock as a stock count would, putting it back after the test. */
async function setStock(storeId: number, productId: number, stock: number) {
  const handle = await db();
  const was = await stockOf(storeId, productId);
  const write = (value: number) =>
    handle
      .update(products)
      .set({ stock: value })
      .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  await write(stock);
  restore.push(() => write(was ?? 0));
}

/** Reserves in a transaction of its own, as an order would, and puts the stock back after the test. */
async function reserve(storeId: number, lines: StockLine[]) {
  const short = await (await db()).transaction((tx) => reserveStock(tx, storeId, lines));
  if (short.length === 0)
    restore.push(async () => (await db()).transaction((tx) => releaseStock(tx, storeId, lines)));
  return short;
}

const productInfo = async (id: number, domain = "localhost") => {
  const { status, json } = await call("GET", `/api/storeProduct/productInfo/${id}`, { domain });
  expect(status).toBe(200);
  return productInfoSchema.parse(json.data);
};
const searchStock = async (keyword: string, id: number, extra: object = {}) => {
  const { status, json } = await call("POST", "/api/storeProduct/search", {
    body: { keyword, ...extra },
    query: { limit: 100 },
  });
  expect(status).toBe(200);
  return productSearchResultSchema.parse(json.data).records.find((record) => record.id === id)?.stock;
};

/** The SQL statements `run` sends. */
async function queriesOf(run: () => Promise<unknown>): Promise<string[]> {
  const { handle } = await testHarness();
  const seen: string[] = [];
  const stop = handle.onQuery((query) => seen.push(query));
  try {
    await run();
  } finally {
    stop();
  }
  return seen;
}

describe("stock taken by orders and the catalogue answers", () => {
  it("leaves the catalogue version alone, and cached answers show the stock left", async () => {
    const store = await storeOf("localhost");
    const [product] = await plainProducts(store.id, 1);
    if (!product) throw new Error("no product");
    // Both answers are now kept.
    expect((await productInfo(product.id)).stock).toBe(product.stock);
    expect(await searchStock(product.name, product.id)).toBe(product.stock);
    const version = await versionOf();

    expect(await reserve(store.id, [{ productId: product.id, quantity: 2 }])).toEqual([]);

    expect(await versionOf()).toBe(version);
    expect(await stockOf(store.id, product.id)).toBe(product.stock - 2);
    // Served from the cache (no product query besides the store's row and the stock and ratings,
    // read fresh in one statement: decisions 016 and 068), with the stock as it is now.
    const queries = await queriesOf(async () => {
      expect((await productInfo(product.id)).stock).toBe(product.stock - 2);
      expect(await searchStock(product.name, product.id)).toBe(product.stock - 2);
    });
    expect(queries).toHaveLength(4);
    const rereads = queries.filter((query) => /union all/i.test(query));
    expect(rereads).toHaveLength(2);
    for (const reread of rereads) expect(reread).toMatch(/left join "product_ratings"/i);

    await (await db()).transaction((tx) =>
      releaseStock(tx, store.id, [{ productId: product.id, quantity: 2 }]),
    );
    restore.pop();
    expect(await versionOf()).toBe(version);
    expect((await productInfo(product.id)).stock).toBe(product.stock);
    expect(await searchStock(product.name, product.id)).toBe(product.stock);
  });

  it("shows the stock left in cached collections", async () => {
    const store = await storeOf("localhost");
    const collections = async () => {
      const { json } = await call("POST", "/api/storeCollections/search", { body: {} });
      return collectionPageSchema.parse(json.data).records.flatMap((collection) => collection.products);
    };
    const shown = (await collections()).find((product) => product.stock > 3 && !product.hasVariations);
    if (!shown) throw new Error("no collection product in stock");
    const version = await versionOf();
    expect(await reserve(store.id, [{ productId: shown.id, quantity: 3 }])).toEqual([]);
    expect(await versionOf()).toBe(version);
    for (const product of (await collections()).filter((p) => p.id === shown.id))
      expect(product.stock).toBe(shown.stock - 3);
  });

  it("takes a variation's stock and its product's total; product info shows both, and availability", async () => {
    const product = await productWithVariations();
    const [first, second] = product.variations;
    if (!first || !second) throw new Error("no variations");
    const before = await productInfo(product.id, product.domain);
    expect(before.stock).toBe(product.stock);
    const version = await versionOf(product.domain);

    const short = await reserve(product.storeId, [
      { productId: product.id, variationId: first.id, quantity: first.stock },
      { productId: product.id, variationId: second.id, quantity: 1 },
    ]);

    expect(short).toEqual([]);
    expect(await versionOf(product.domain)).toBe(version);
    expect(await variationStockOf(product.storeId, first.id)).toBe(0);
    expect(await stockOf(product.storeId, product.id)).toBe(product.stock - first.stock - 1);
    const after = await productInfo(product.id, product.domain);
    expect(after.stock).toBe(product.stock - first.stock - 1);
    expect(after.variations.find((v) => v.id === first.id)).toMatchObject({ stock: 0, isAvailable: false });
    expect(after.variations.find((v) => v.id === second.id)).toMatchObject({
      stock: second.stock - 1,
      isAvailable: true,
    });
    // Everything else of the answer is as it was.
    expect({ ...after, stock: 0, variations: [] }).toEqual({ ...before, stock: 0, variations: [] });
  });

  it("raises the version when a product sells out or comes back: in-stock listings change", async () => {
    const store = await storeOf("localhost");
    const [product] = await plainProducts(store.id, 1);
    if (!product) throw new Error("no product");
    await setStock(store.id, product.id, 3);
    const inStockOnly = { inStock: 1 };
    expect(await searchStock(product.name, product.id, inStockOnly)).toBe(3);
    const version = await versionOf();

    // The lines of one product are summed: 2 + 1 takes the last three.
    expect(
      await reserve(store.id, [
        { productId: product.id, quantity: 2 },
        { productId: product.id, variationId: null, quantity: 1 },
      ]),
    ).toEqual([]);
    expect(await stockOf(store.id, product.id)).toBe(0);
    expect(await versionOf()).toBe(version + 1);
    expect(await searchStock(product.name, product.id, inStockOnly)).toBeUndefined();
    expect(await searchStock(product.name, product.id)).toBe(0);

    await (await db()).transaction((tx) =>
      releaseStock(tx, store.id, [{ productId: product.id, quantity: 3 }]),
    );
    restore.pop();
    expect(await versionOf()).toBe(version + 2);
    expect(await searchStock(product.name, product.id, inStockOnly)).toBe(3);
  });
  it("still raises the version for a change of a product's details later in the same transaction", async () => {
    const store = await storeOf("localhost");
    const [product] = await plainProducts(store.id, 1);
    if (!product) throw new Error("no product");
    const version = await versionOf();
    const handle = await db();
    const [original] = await handle
      .select({ names: products.nameLocalizations })
      .from(products)
      .where(and(eq(products.storeId, store.id), eq(products.id, product.id)));
    if (!original) throw new Error("no product row");
    const renamed = `${product.name} (renamed)`;
    await handle.transaction(async (tx) => {
      expect(await reserveStock(tx, store.id, [{ productId: product.id, quantity: 1 }])).toEqual([]);
      // The stock statement's word that it changed only stock is for itself, not for what follows.
      await tx
        .update(products)
        .set({ nameLocalizations: { ...original.names, en: renamed } })
        .where(and(eq(products.storeId, store.id), eq(products.id, product.id)));
      await releaseStock(tx, store.id, [{ productId: product.id, quantity: 1 }]);
    });
    restore.push(() =>
      handle
        .update(products)
        .set({ nameLocalizations: original.names })
        .where(and(eq(products.storeId, store.id), eq(products.id, product.id))),
    );
    expect(await versionOf()).toBe(version + 1);
    expect(await stockOf(store.id, product.id)).toBe(product.stock);
  });
});

describe("reserving stock", () => {
  it("refuses a quantity that is not positive in the database too, whoever calls", async () => {
    const store = await storeOf("localhost");
    const [product] = await plainProducts(store.id, 1);
    if (!product) throw new Error("no product");
    const handle = await db();
    const taken = await handle.transaction((tx) =>
      takeProductsStock(tx, store.id, [{ productId: product.id, quantity: -3, byVariation: false }]),
    );
    expect(taken.taken).toBe(false);
    expect(taken.rows).toEqual([{ id: product.id, stock: product.stock, fits: false }]);
    expect(await stockOf(store.id, product.id)).toBe(product.stock);
  });

  it("refuses when a line is short, says what is left, and changes nothing", async () => {
    const store = await storeOf("localhost");
    const [first, second] = await plainProducts(store.id, 2);
    if (!first || !second) throw new Error("no products");
    const version = await versionOf();

    // The first product is taken before the second is found short, then given back.
    const short = await reserve(store.id, [
      { productId: second.id, quantity: second.stock },
      { productId: first.id, quantity: 1 },
      { productId: second.id, quantity: 1 },
    ]);

    expect(short).toEqual([
      { productId: second.id, variationId: null, requested: second.stock + 1, available: second.stock },
    ]);
    expect(await stockOf(store.id, first.id)).toBe(first.stock);
    expect(await stockOf(store.id, second.id)).toBe(second.stock);
    expect(await versionOf()).toBe(version);
  });

  it("answers every short line, a variation's with its own stock, and changes nothing", async () => {
    const product = await productWithVariations();
    const [first, second] = product.variations;
    if (!first || !second) throw new Error("no variations");
    const short = await reserve(product.storeId, [
      { productId: product.id, variationId: second.id, quantity: second.stock + 4 },
      { productId: product.id, variationId: first.id, quantity: 1 },
    ]);
    expect(short).toEqual([
      { productId: product.id, variationId: second.id, requested: second.stock + 4, available: second.stock },
    ]);
    expect(await variationStockOf(product.storeId, first.id)).toBe(first.stock);
    expect(await variationStockOf(product.storeId, second.id)).toBe(second.stock);
    expect(await stockOf(product.storeId, product.id)).toBe(product.stock);
  });

  it("finds no stock for a line that names none of the store's", async () => {
    const handle = await db();
    const varied = await productWithVariations();
    const [variation] = varied.variations;
    const [own] = await plainProducts(varied.storeId, 1);
    // Another store's product, under an id no product of this store has.
    const [foreign] = await handle
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          ne(products.storeId, varied.storeId),
          gt(products.stock, 0),
          sql`${products.id} NOT IN (SELECT id FROM products WHERE store_id = ${varied.storeId})`,
        ),
      )
      .limit(1);
    if (!own || !variation || !foreign) throw new Error("no products");
    const lines: StockLine[] = [
      { productId: 99_999_999, quantity: 1 },
      { productId: foreign.id, quantity: 1 },
      // The variation asked under another product.
      { productId: own.id, variationId: variation.id, quantity: 1 },
      // A product sold by variation, asked without one.
      { productId: varied.id, quantity: 1 },
    ];
    const short = await reserve(varied.storeId, lines);
    expect(short).toHaveLength(4);
    expect(short.every((line) => line.available === 0)).toBe(true);
    expect(await stockOf(varied.storeId, own.id)).toBe(own.stock);
    expect(await stockOf(varied.storeId, varied.id)).toBe(varied.stock);
    expect(await variationStockOf(varied.storeId, variation.id)).toBe(variation.stock);
  });

  it("refuses a quantity that is not a whole number above zero", async () => {
    const store = await storeOf("localhost");
    const [product] = await plainProducts(store.id, 1);
    if (!product) throw new Error("no product");
    for (const quantity of [0, -1, 1.5]) {
      await expect(reserve(store.id, [{ productId: product.id, quantity }])).rejects.toMatchObject({
        kind: "INVALID_INPUT",
      });
    }
    expect(await stockOf(store.id, product.id)).toBe(product.stock);
  });
});

describe("a product's changes", () => {
  it("are recorded for every edit besides stock, and leave the catalogue version", async () => {
    const handle = await db();
    const store = await storeOf("localhost");
    const [product] = await plainProducts(store.id, 1);
    const varied = await productWithVariations();
    const [variation] = varied.variations;
    if (!product || !variation) throw new Error("no products");
    const mine = and(eq(products.storeId, store.id), eq(products.id, product.id));
    const [row] = await handle.select().from(products).where(mine);
    if (!row) throw new Error("no row");
    restore.push(() =>
      handle
        .update(products)
        .set({ price: row.price, nameLocalizations: row.nameLocalizations, stock: row.stock })
        .where(mine),
    );

    const catalogueVersion = (await storeOf("localhost")).catalogueVersion;
    let version = await versionOf();
    await handle
      .update(products)
      .set({ price: row.price + 1 })
      .where(mine);
    expect(await versionOf()).toBe(++version);
    await handle
      .update(products)
      .set({ nameLocalizations: { ...row.nameLocalizations, en: "Renamed" } })
      .where(mine);
    expect(await versionOf()).toBe(++version);
    // Stock and price in one statement: the price makes it a catalogue edit.
    await handle
      .update(products)
      .set({ stock: sql`${products.stock} + 1`, price: row.price })
      .where(mine);
    expect(await versionOf()).toBe(++version);
    // Stock alone, as a stock count writes it, with its time: no catalogue edit.
    await handle.update(products).set({ stock: row.stock, updatedAt: new Date() }).where(mine);
    expect(await versionOf()).toBe(version);
    expect((await storeOf("localhost")).catalogueVersion).toBe(catalogueVersion);

    const variationRow = and(
      eq(productVariations.storeId, varied.storeId),
      eq(productVariations.id, variation.id),
    );
    const [was] = await handle.select().from(productVariations).where(variationRow);
    if (!was) throw new Error("no variation");
    restore.push(() =>
      handle.update(productVariations).set({ price: was.price, stock: was.stock }).where(variationRow),
    );
    let variedVersion = await versionOf(varied.domain);
    await handle
      .update(productVariations)
      .set({ price: was.price + 1 })
      .where(variationRow);
    expect(await versionOf(varied.domain)).toBe(++variedVersion);
    // A variation selling out changes no listing: its availability is read with its stock.
    await handle.update(productVariations).set({ stock: 0 }).where(variationRow);
    expect(await versionOf(varied.domain)).toBe(variedVersion);
  });
});
