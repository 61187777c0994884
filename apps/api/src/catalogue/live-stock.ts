import type { Collection, Paginated, ProductInfo, ProductSummary, ProductVariation } from "@stoa/contract";
import type { Database } from "../platform/db/database.ts";
import type { LivePart, LiveValues } from "../platform/http/route.ts";
import { cardRating, ratingsBeside, ratingsOf } from "../reviews/ratings.ts";
import { stockLevels, variationIsAvailable } from "./stock.ts";

/*
 * Stock changes without the catalogue version (docs/decisions/016-stock-outside-the-catalogue-cache.md),
 * so a kept catalogue answer notes the stock it shows and, before it is served once the freshness
 * window has passed, reads that stock again: one statement for all the products and variations of
 * the answer, by primary key. Only when a figure changed is the answer rewritten.
 */

/*
 * Ratings change without the catalogue version too (decision 068): a kept answer shows the ratings
 * it was built with and reads them again with the stock, in the same statement (the ratings joined
 * to the products by primary key), so a new review shows within STORE_FRESH_MS and never drops the
 * store's catalogue cache.
 */
type Rating = ProductSummary["rating"];

/** Where an answer shows stock and ratings: product summaries (or the product itself) and variations. */
type StockPlaces = {
  products: Pick<ProductSummary, "id" | "stock" | "rating">[];
  variations: Pick<ProductVariation, "id" | "stock" | "isAvailable">[];
};

/** The stock an answer shows, by product id, and by variation id with the availability it implies. */
type ShownStock = {
  products: Map<number, number>;
  ratings: Map<number, Rating>;
  variations: Map<number, { stock: number; isAvailable: boolean }>;
};

function shownIn(places: StockPlaces): ShownStock {
  return {
    products: new Map(places.products.map((product) => [product.id, product.stock])),
    ratings: new Map(places.products.map((product) => [product.id, product.rating])),
    variations: new Map(places.variations.map((v) => [v.id, { stock: v.stock, isAvailable: v.isAvailable }])),
  };
}

function write(places: StockPlaces, stock: ShownStock): void {
  for (const product of places.products) {
    product.stock = stock.products.get(product.id) ?? product.stock;
    product.rating = stock.ratings.get(product.id) ?? null;
  }
  for (const variation of places.variations) Object.assign(variation, stock.variations.get(variation.id));
}

function liveValues<D>(
  db: Database,
  storeId: number,
  placesOf: (data: D) => StockPlaces,
  shown: ShownStock,
): LiveValues<D> {
  return {
    async reread() {
      const levels = await stockLevels(
        db,
        storeId,
        [...shown.products.keys()],
        [...shown.variations.keys()],
        ratingsBeside,
      );
      // A product or variation gone since keeps what it showed: its removal is a change of the
      // product that drops every kept answer showing it (decision 069).
      const now: ShownStock = { products: new Map(), ratings: new Map(), variations: new Map() };
      let changed = false;
      for (const [id, was] of shown.ratings) {
        const figures = levels.ratings.get(id);
        const current = figures
          ? cardRating(figures.count === null || figures.sum === null ? null : [figures.count, figures.sum])
          : was;
        if (current?.average !== was?.average || current?.count !== was?.count) changed = true;
        now.ratings.set(id, current);
      }
      for (const [id, stock] of shown.products) {
        const current = levels.products.get(id)?.stock ?? stock;
        if (current !== stock) changed = true;
        now.products.set(id, current);
      }
      for (const [id, was] of shown.variations) {
        const level = levels.variations.get(id);
        const current = level ? { stock: level.stock, isAvailable: variationIsAvailable(level) } : was;
        if (current.stock !== was.stock || current.isAvailable !== was.isAvailable) changed = true;
        now.variations.set(id, current);
      }
      if (!changed) return undefined;
      return {
        write: (data) => write(placesOf(data), now),
        values: liveValues(db, storeId, placesOf, now),
      };
    },
  };
}

function liveStock<D>(db: Database, placesOf: (data: D) => StockPlaces): LivePart<D> {
  return (ctx, data) => {
    const shown = shownIn(placesOf(data));
    if (shown.products.size === 0 && shown.variations.size === 0) return undefined;
    return liveValues(db, ctx.store.id, placesOf, shown);
  };
}

/** Search, hot and recommended products: a page of summaries. */
export const liveStockOfProductPage = (db: Database) =>
  liveStock<Paginated<ProductSummary>>(db, (page) => ({ products: page.records, variations: [] }));

/** Product info: the product, its variations and the related products beside it. */
export const liveStockOfProductInfo = (db: Database) =>
  liveStock<ProductInfo>(db, (info) => ({
    products: [info, ...info.related],
    variations: info.variations,
  }));

/** Collections: the first products of each. */
export const liveStockOfCollectionPage = (db: Database) =>
  liveStock<Paginated<Collection>>(db, (page) => ({
    products: page.records.flatMap((collection) => collection.products),
    variations: [],
  }));

/**
 * Writes the products' current ratings into a freshly built answer, before it is kept. (Product
 * info and product pages read them in their own statement: products.ts, search.ts.)
 */
async function withRatings<D>(db: Database, storeId: number, data: D, placesOf: (data: D) => StockPlaces) {
  const places = placesOf(data).products;
  const ratings = await ratingsOf(
    db,
    storeId,
    places.map((p) => p.id),
  );
  for (const product of places) product.rating = ratings.get(product.id) ?? null;
  return data;
}

export const ratedCollectionPage = (db: Database, storeId: number, page: Paginated<Collection>) =>
  withRatings(db, storeId, page, (p) => ({ products: p.records.flatMap((c) => c.products), variations: [] }));
