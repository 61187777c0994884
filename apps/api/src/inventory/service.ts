import {
  type ProductStockChange,
  returnProductsStock,
  returnVariationsStock,
  type StockFound,
  stockLevels,
  takeProductsStock,
  takeVariationsStock,
  type VariationStockChange,
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

/**
 * Takes the stock of every line, or none of it: when a line is short, nothing stays taken and the
 * short lines are answered, each with the stock left, so the caller can refuse the order. An empty
 * answer means everything was reserved. Two statements at most (products, then variations, the
 * order every reservation locks rows in); call inside the order's transaction.
 */
export async function reserveStock(
  tx: Database,
  storeId: number,
  lines: readonly StockLine[],
): Promise<StockShortfall[]> {
  const { products: fromProducts, variations: fromVariations } = stockTakesOf(lines);
  const products = await takeProductsStock(tx, storeId, fromProducts);
  if (!products.taken) return stockShortfalls(tx, storeId, lines, products.rows, []);
  const variations = await takeVariationsStock(tx, storeId, fromVariations);
  if (variations.taken) return [];
  await returnProductsStock(tx, storeId, fromProducts);
  return stockShortfalls(tx, storeId, lines, products.rows, variations.rows);
}

/**
 * What taking the stock of these lines takes from each table, lines of the same product and
 * variation summed: a product's own stock, or its total when the lines name its variations (a
 * product asked both ways is asked twice, which the take refuses), and each variation's.
 */
export function stockTakesOf(lines: readonly StockLine[]): {
  products: ProductStockChange[];
  variations: VariationStockChange[];
} {
  const demand = demandOf(lines);
  return {
    products: demand.flatMap(({ productId, own, variations }) => [
      ...(own > 0 ? [{ productId, quantity: own, byVariation: false }] : []),
      ...(variations.length > 0 ? [{ productId, quantity: total(variations), byVariation: true }] : []),
    ]),
    variations: demand.flatMap(({ productId, variations }) =>
      variations.map(([variationId, quantity]) => ({ productId, variationId, quantity })),
    ),
  };
}

/**
 * The short lines of a refused take, from the rows the takes found: the products' (every line of a
 * product that refused) or, when those were all there, the variations' that refused.
 */
export async function stockShortfalls(
  db: Database,
  storeId: number,
  lines: readonly StockLine[],
  products: StockFound[],
  variations: StockFound[],
): Promise<StockShortfall[]> {
  const demand = demandOf(lines);
  return products.some((row) => !row.fits)
    ? productShortfalls(db, storeId, demand, products)
    : variationShortfalls(demand, products, variations);
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
  const demand = demandOf(lines);
  await returnProductsStock(
    tx,
    storeId,
    demand.map(({ productId, own, variations }) => ({ productId, quantity: own + total(variations) })),
  );
  await returnVariationsStock(
    tx,
    storeId,
    demand.flatMap(({ productId, variations }) =>
      variations.map(([variationId, quantity]) => ({ productId, variationId, quantity })),
    ),
  );
}

/**
 * The short lines when the products' figures could not all be taken: lines of a product that
 * refused (less stock, no product of the store, or sold otherwise than asked), each with the stock
 * it could have. A product asked both as itself and by variation is one row asked twice, which the
 * statement refuses: its own line is short then, as it cannot be right for both.
 */
async function productShortfalls(
  tx: Database,
  storeId: number,
  demand: ProductDemand[],
  found: StockFound[],
): Promise<StockShortfall[]> {
  const refused = new Set(found.filter((row) => !row.fits).map((row) => row.id));
  const mixed = (d: ProductDemand) => d.own > 0 && d.variations.length > 0;
  const short = demand.filter((d) => refused.has(d.productId) || mixed(d));
  const levels = await stockLevels(
    tx,
    storeId,
    short.map((d) => d.productId),
    short.flatMap((d) => d.variations.map(([variationId]) => variationId)),
  );
  return short.flatMap(({ productId, own, variations }): StockShortfall[] => {
    const product = levels.products.get(productId);
    if (own > 0 && (variations.length === 0 || product?.byVariation !== false))
      return [
        {
          productId,
          variationId: null,
          requested: own,
          available: product?.byVariation ? 0 : (product?.stock ?? 0),
        },
      ];
    return variations.map(([variationId, requested]) => {
      const variation = levels.variations.get(variationId);
      const available =
        product?.byVariation && variation?.productId === productId
          ? Math.min(variation.stock, product.stock)
          : 0;
      return { productId, variationId, requested, available };
    });
  });
}

/** The short variation lines when the products' figures were taken but not every variation's. */
function variationShortfalls(
  demand: ProductDemand[],
  products: StockFound[],
  variations: StockFound[],
): StockShortfall[] {
  const productStock = new Map(products.map((row) => [row.id, row.stock ?? 0]));
  const byId = new Map(variations.map((row) => [row.id, row]));
  return demand.flatMap(({ productId, variations: asked }) =>
    asked.flatMap(([variationId, requested]) => {
      const row = byId.get(variationId);
      if (!row || row.fits) return [];
      // The product's total bounds its variations too, should the two ever disagree.
      const available = Math.min(row.stock ?? 0, productStock.get(productId) ?? 0);
      return [{ productId, variationId, requested, available }];
    }),
  );
}
