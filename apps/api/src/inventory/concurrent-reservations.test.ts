import { and, asc, eq, gt } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { products, productVariations } from "../catalogue/tables.ts";
import { type Database, type DatabaseHandle, openDatabase } from "../platform/db/database.ts";
import { testHarness } from "../test/harness.ts";
import { reserveStock, type StockLine, type StockShortfall } from "./service.ts";

/**
 * Two connection pools on one PostgreSQL, as two API processes behind a load balancer: concurrent
 * orders for the last units get exactly the units there are, and orders taking the same rows in
 * different line orders never deadlock.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("concurrent reservations across connection pools", () => {
  let pools: DatabaseHandle[] = [];
  const restore: Array<() => Promise<unknown>> = [];
  beforeAll(async () => {
    await testHarness();
    const url = process.env.TEST_DATABASE_URL as string;
    pools = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: "postgres", url, schema: inject("testSchema"), poolSize: 20 })),
    );
  });
  afterEach(async () => {
    while (restore.length > 0) await restore.pop()?.();
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  class Refused extends Error {
    constructor(readonly short: StockShortfall[]) {
      super("short");
    }
  }

  /** An order: reserves, then holds its locks a moment, as writing the order would. */
  const order = (db: Database, storeId: number, lines: StockLine[]) =>
    db.transaction(async (tx) => {
      const short = await reserveStock(tx, storeId, lines);
      if (short.length > 0) throw new Refused(short);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });

  /** `count` orders at once, spread over both pools; how many went through. */
  async function concurrently(count: number, storeId: number, linesOf: (i: number) => StockLine[]) {
    const results = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        order((pools[i % pools.length] as DatabaseHandle).db, storeId, linesOf(i)),
      ),
    );
    const unexpected = results.flatMap((r) =>
      r.status === "rejected" && !(r.reason instanceof Refused) ? [r.reason] : [],
    );
    expect(unexpected).toEqual([]);
    return results.filter((r) => r.status === "fulfilled").length;
  }

  const db = async () => (await testHarness()).handle.db;

  async function productStock(storeId: number, id: number) {
    const [row] = await (await db())
      .select({ stock: products.stock })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, id)));
    return row?.stock as number;
  }
  async function variationStock(storeId: number, id: number) {
    const [row] = await (await db())
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(and(eq(productVariations.storeId, storeId), eq(productVariations.id, id)));
    return row?.stock as number;
  }
  async function setProductStock(storeId: number, id: number, stock: number) {
    const was = await productStock(storeId, id);
    const write = async (value: number) =>
      (await db())
        .update(products)
        .set({ stock: value })
        .where(and(eq(products.storeId, storeId), eq(products.id, id)));
    await write(stock);
    restore.push(() => write(was));
  }
  async function setVariationStock(storeId: number, id: number, stock: number) {
    const was = await variationStock(storeId, id);
    const write = async (value: number) =>
      (await db())
        .update(productVariations)
        .set({ stock: value })
        .where(and(eq(productVariations.storeId, storeId), eq(productVariations.id, id)));
    await write(stock);
    restore.push(() => write(was));
  }

  async function plainProducts(count: number) {
    const rows = await (await db())
      .select({ storeId: products.storeId, id: products.id })
      .from(products)
      .where(and(eq(products.storeId, 41), eq(products.variationCount, 0), gt(products.stock, 0)))
      .orderBy(asc(products.id))
      .limit(count);
    expect(rows).toHaveLength(count);
    return rows;
  }

  async function variationProduct() {
    const [variation] = await (await db())
      .select({
        storeId: productVariations.storeId,
        id: productVariations.id,
        productId: productVariations.productId,
      })
      .from(productVariations)
      .where(eq(productVariations.storeId, 41))
      .orderBy(asc(productVariations.id))
      .limit(1);
    if (!variation) throw new Error("no variation");
    return variation;
  }

  it.each([1, 2, 3])("40 buyers of the last 5 units: exactly 5 orders, stock 0 (round %i)", async () => {
    const [product] = await plainProducts(1);
    if (!product) throw new Error("no product");
    await setProductStock(product.storeId, product.id, 5);
    const placed = await concurrently(40, product.storeId, () => [{ productId: product.id, quantity: 1 }]);
    expect(placed).toBe(5);
    expect(await productStock(product.storeId, product.id)).toBe(0);
  });

  it("40 buyers of a variation's last 5: exactly 5 orders, its product's total down by 5", async () => {
    const variation = await variationProduct();
    await setVariationStock(variation.storeId, variation.id, 5);
    await setProductStock(variation.storeId, variation.productId, 50);
    const placed = await concurrently(40, variation.storeId, () => [
      { productId: variation.productId, variationId: variation.id, quantity: 1 },
    ]);
    expect(placed).toBe(5);
    expect(await variationStock(variation.storeId, variation.id)).toBe(0);
    expect(await productStock(variation.storeId, variation.productId)).toBe(45);
  });

  it("orders taking the same rows in different line orders all go through, none deadlocks", async () => {
    const [first, second] = await plainProducts(2);
    const variation = await variationProduct();
    if (!first || !second) throw new Error("no products");
    await setProductStock(first.storeId, first.id, 100);
    await setProductStock(second.storeId, second.id, 100);
    await setVariationStock(variation.storeId, variation.id, 100);
    await setProductStock(variation.storeId, variation.productId, 100);
    const lines: StockLine[] = [
      { productId: first.id, quantity: 1 },
      { productId: variation.productId, variationId: variation.id, quantity: 1 },
      { productId: second.id, quantity: 2 },
    ];
    const placed = await concurrently(40, first.storeId, (i) => (i % 2 === 0 ? lines : [...lines].reverse()));
    expect(placed).toBe(40);
    expect(await productStock(first.storeId, first.id)).toBe(60);
    expect(await productStock(second.storeId, second.id)).toBe(20);
    expect(await variationStock(variation.storeId, variation.id)).toBe(60);
    expect(await productStock(variation.storeId, variation.productId)).toBe(60);
  });

  it("short buyers of two products at once leave both as they were", async () => {
    const [first, second] = await plainProducts(2);
    if (!first || !second) throw new Error("no products");
    await setProductStock(first.storeId, first.id, 30);
    await setProductStock(second.storeId, second.id, 3);
    // Each order takes one of the first product, then finds the second short unless it is among
    // the first three: what it took of the first goes back.
    const placed = await concurrently(40, first.storeId, (i) =>
      i % 2 === 0
        ? [
            { productId: first.id, quantity: 1 },
            { productId: second.id, quantity: 1 },
          ]
        : [
            { productId: second.id, quantity: 1 },
            { productId: first.id, quantity: 1 },
          ],
    );
    expect(placed).toBe(3);
    expect(await productStock(first.storeId, first.id)).toBe(27);
    expect(await productStock(second.storeId, second.id)).toBe(0);
  });
});
