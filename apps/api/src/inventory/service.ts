import {
  returnProductStock,
  returnVariationStock,
  stockLevels,
  takeProductStock,
  takeVariationStock,
} from "../catalogue/stock.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";

/*
 * Stock taken by orders and given back (cancel, declined payment). Each figure changes in one
 * conditional statement inside the caller's transaction, so stock never goes below zero however
 * many orders run at once; the statements change only stock, which leaves the store's cached
 * catalogue answers in place (docs/decisions/016-stock-outside-the-catalogue-cache.md).
 *
 * A product with variations is sold by variation: a line names the variation, and both the
 * variation's stock and the product's (the total of its variations, which listings show) go down.
 * Expects the default READ COMMITTED isolation: a conditional update that waited for another order
 * then sees that order's stock.
 */

/** One line of an order: `variationId` names the variation of a product sold by variation. */
export type StockLine = { productId: number; variationId?: number | null; quantity: number };

/**
 * A line that could not be reserved: what it asked (the lines of the same product and variation
 * summed) and what is left. `available` is 0 when the line names no stock of the store (an unknown
 * or foreign product, a variation of another product, a product with variations without one).
 */
export type StockShortfall = {
  productId: number;
  variationId: number | null;
  requested: number;
  available: number;
};

/** What one product's lines ask: the product as it is, and by variation id. */
type ProductDemand = { productId: number; own: number; variations: [number, number][] };

/**
 * The lines summed by product and variation, ordered by product id and then variation id: every
 * order locks rows in this one order (a product before its variations), so two orders never wait
 * for each other in a circle.
 */
function demandOf(lines: readonly StockLine[]): ProductDemand[] {
  const byProduct = new Map<number, { own: number; variations: Map<number, number> }>();
  for (const { productId, variationId, quantity } of lines) {
    if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new ApiError("INVALID_INPUT");
    const demand = byProduct.get(productId) ?? { own: 0, variations: new Map<number, number>() };
    byProduct.set(productId, demand);
    if (variationId === undefined || variationId === null) demand.own += quantity;
    else demand.variations.set(variationId, (demand.variations.get(variationId) ?? 0) + quantity);
  }
  return [...byProduct]
    .sort(([a], [b]) => a - b)
    .map(([productId, { own, variations }]) => ({
      productId,
      own,
      variations: [...variations].sort(([a], [b]) => a - b),
    }));
}

const total = (variations: [number, number][]) => variations.reduce((sum, [, quantity]) => sum + quantity, 0);

/** Stock taken (or to give back) for one product: from its own figure, and by variation id. */
type Taking = { productId: number; fromProduct: number; fromVariations: [number, number][] };

/**
 * Takes the stock of every line, or none of it: when a line is short, what this call took is given
 * back and the short lines are answered, each with the stock left, so the caller can refuse the
 * order. An empty answer means everything was reserved. Call inside the order's transaction.
 */
export async function reserveStock(
  tx: Database,
  storeId: number,
  lines: readonly StockLine[],
): Promise<StockShortfall[]> {
  const took: Taking[] = [];
  const short: { productId: number; variationId: number | null; requested: number }[] = [];
  for (const { productId, own, variations } of demandOf(lines)) {
    const taking: Taking = { productId, fromProduct: 0, fromVariations: [] };
    took.push(taking);
    if (own > 0) {
      if (await takeProductStock(tx, storeId, productId, own, { byVariation: false }))
        taking.fromProduct += own;
      else short.push({ productId, variationId: null, requested: own });
    }
    if (variations.length === 0) continue;
    // The product's total first, then its variations: the order every reservation locks rows in.
    if (!(await takeProductStock(tx, storeId, productId, total(variations), { byVariation: true }))) {
      for (const [variationId, quantity] of variations)
        short.push({ productId, variationId, requested: quantity });
      continue;
    }
    taking.fromProduct += total(variations);
    for (const [variationId, quantity] of variations) {
      if (await takeVariationStock(tx, storeId, productId, variationId, quantity))
        taking.fromVariations.push([variationId, quantity]);
      else short.push({ productId, variationId, requested: quantity });
    }
  }
  if (short.length === 0) return [];
  await giveBack(tx, storeId, took);
  return shortfalls(tx, storeId, short);
}

/**
 * Gives back the stock of lines reserved earlier (an order cancelled, a payment declined), in the
 * order `reserveStock` takes it. Call inside the transaction that records why.
 */
export async function releaseStock(
  tx: Database,
  storeId: number,
  lines: readonly StockLine[],
): Promise<void> {
  await giveBack(
    tx,
    storeId,
    demandOf(lines).map(({ productId, own, variations }) => ({
      productId,
      fromProduct: own + total(variations),
      fromVariations: variations,
    })),
  );
}

async function giveBack(tx: Database, storeId: number, took: Taking[]): Promise<void> {
  for (const { productId, fromProduct, fromVariations } of took) {
    if (fromProduct > 0) await returnProductStock(tx, storeId, productId, fromProduct);
    for (const [variationId, quantity] of fromVariations)
      await returnVariationStock(tx, storeId, productId, variationId, quantity);
  }
}

/** The short lines with the stock each could have, read after what this call took was given back. */
async function shortfalls(
  tx: Database,
  storeId: number,
  short: { productId: number; variationId: number | null; requested: number }[],
): Promise<StockShortfall[]> {
  const levels = await stockLevels(
    tx,
    storeId,
    short.map((line) => line.productId),
    short.flatMap((line) => (line.variationId === null ? [] : [line.variationId])),
  );
  return short.map((line) => {
    const product = levels.products.get(line.productId);
    const variation = line.variationId === null ? undefined : levels.variations.get(line.variationId);
    let available = 0;
    if (line.variationId === null) {
      if (product && !product.byVariation) available = product.stock;
    } else if (product?.byVariation && variation?.productId === line.productId) {
      // The product's total bounds its variations too, should the two ever disagree.
      available = Math.min(variation.stock, product.stock);
    }
    return { ...line, available };
  });
}
