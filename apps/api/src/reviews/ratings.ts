import { type RatingSummary, ratingAverage } from "@stoa/contract";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { productRatings } from "./tables.ts";

/*
 * A product's rating figures (decision 068): one row per product, moved by deltas in ONE statement
 * (an upsert adding +1/-1 to the count, the rating to the sum and one to the star's column), in the
 * transaction that publishes, edits, hides or deletes the review. No read-modify-write: fifty
 * reviews arriving at once each add their own delta under the row's lock the UPDATE takes.
 */

type Star = 1 | 2 | 3 | 4 | 5;
const starColumn = {
  1: productRatings.stars1,
  2: productRatings.stars2,
  3: productRatings.stars3,
  4: productRatings.stars4,
  5: productRatings.stars5,
} as const;

/** Take `removed` out of and put `added` into a product's figures (either may be null). */
export async function moveRating(
  tx: Database,
  storeId: number,
  productId: number,
  removed: number | null,
  added: number | null,
): Promise<void> {
  if (removed === added) return;
  const delta = { count: 0, sum: 0, stars: [0, 0, 0, 0, 0] };
  if (removed !== null) {
    delta.count -= 1;
    delta.sum -= removed;
    delta.stars[removed - 1] = (delta.stars[removed - 1] ?? 0) - 1;
  }
  if (added !== null) {
    delta.count += 1;
    delta.sum += added;
    delta.stars[added - 1] = (delta.stars[added - 1] ?? 0) + 1;
  }
  const [s1, s2, s3, s4, s5] = delta.stars as [number, number, number, number, number];
  const add = (star: Star, by: number) => sql`${starColumn[star]} + ${by}`;
  if (removed !== null) {
    // The removed rating was counted, so the row is there: an UPDATE (an upsert's candidate row
    // of negative counts would fail the table's check before its conflict is seen).
    await tx
      .update(productRatings)
      .set({
        count: sql`${productRatings.count} + ${delta.count}`,
        sum: sql`${productRatings.sum} + ${delta.sum}`,
        stars1: add(1, s1),
        stars2: add(2, s2),
        stars3: add(3, s3),
        stars4: add(4, s4),
        stars5: add(5, s5),
        updatedAt: sql`now()`,
      })
      .where(and(eq(productRatings.storeId, storeId), eq(productRatings.productId, productId)));
    return;
  }
  await tx
    .insert(productRatings)
    .values({
      storeId,
      productId,
      count: delta.count,
      sum: delta.sum,
      stars1: s1,
      stars2: s2,
      stars3: s3,
      stars4: s4,
      stars5: s5,
    })
    .onConflictDoUpdate({
      target: [productRatings.storeId, productRatings.productId],
      set: {
        count: sql`${productRatings.count} + ${delta.count}`,
        sum: sql`${productRatings.sum} + ${delta.sum}`,
        stars1: add(1, s1),
        stars2: add(2, s2),
        stars3: add(3, s3),
        stars4: add(4, s4),
        stars5: add(5, s5),
        updatedAt: sql`now()`,
      },
    });
}

export function summaryOf(
  productId: number,
  row:
    | {
        count: number;
        sum: number;
        stars1: number;
        stars2: number;
        stars3: number;
        stars4: number;
        stars5: number;
      }
    | undefined,
): RatingSummary {
  if (!row) return { productId, average: null, count: 0, spread: [0, 0, 0, 0, 0] };
  return {
    productId,
    average: ratingAverage(row.sum, row.count),
    count: row.count,
    spread: [row.stars1, row.stars2, row.stars3, row.stars4, row.stars5],
  };
}

export async function ratingSummary(
  db: Database,
  storeId: number,
  productId: number,
): Promise<RatingSummary> {
  const [row] = await db
    .select()
    .from(productRatings)
    .where(and(eq(productRatings.storeId, storeId), eq(productRatings.productId, productId)));
  return summaryOf(productId, row);
}

/**
 * For a statement of another module that reads products by primary key (the catalogue's live
 * part, decision 068): the ratings row of each product joined beside it by the ratings' primary
 * key, with its count and sum (null without one). The ratings stay this module's table.
 */
export function ratingsBeside(storeId: SQL, productId: SQL): { join: SQL; count: SQL; sum: SQL } {
  return {
    join: sql`LEFT JOIN ${productRatings} ON ${productRatings.storeId} = ${storeId} AND ${productRatings.productId} = ${productId}`,
    count: sql`${productRatings.count}`,
    sum: sql`${productRatings.sum}`,
  };
}

/** The cards' figures of some products: average and count, for those with reviews only. */
export async function ratingsOf(
  db: Database,
  storeId: number,
  productIds: readonly number[],
): Promise<Map<number, { average: number; count: number }>> {
  const map = new Map<number, { average: number; count: number }>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select({ productId: productRatings.productId, count: productRatings.count, sum: productRatings.sum })
    .from(productRatings)
    .where(
      and(eq(productRatings.storeId, storeId), inArray(productRatings.productId, [...new Set(productIds)])),
    );
  for (const row of rows) {
    const rating = cardRating([row.count, row.sum]);
    if (rating) map.set(row.productId, rating);
  }
  return map;
}

/** A card's figures as `ratingFiguresSql` reads them: `[count, sum]`, or null for a product without a row. */
export type RatingFigures = [count: number, sum: number] | null;

/** A card's rating from its figures: none without reviews, as `ratingsOf` answers it. */
export function cardRating(figures: RatingFigures): { average: number; count: number } | null {
  if (!figures) return null;
  const [count, sum] = figures;
  const average = ratingAverage(sum, count);
  return average === null ? null : { average, count };
}

/**
 * A product's card figures as one column of a catalogue statement (`RatingFigures`), read by
 * primary key beside the product, so a listing or a product built afresh reads its ratings in the
 * same round trip as its rows (issue 38). `storeId` and `productId` are the statement's SQL for them.
 */
export const ratingFiguresSql = (storeId: string, productId: string) =>
  `(SELECT ARRAY[pr.count, pr.sum] FROM product_ratings pr WHERE pr.store_id = ${storeId} AND pr.product_id = ${productId})`;

/**
 * A search condition: the product's average as shown (one decimal) is at least `min`, so "4 stars &
 * up" keeps a 3.96. The catalogue passes its product columns; the ratings stay this module's table.
 */
export function ratingAtLeast(storeId: SQL, productId: SQL, min: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${productRatings} WHERE ${productRatings.storeId} = ${storeId}
    AND ${productRatings.productId} = ${productId} AND ${productRatings.count} > 0
    AND round(${productRatings.sum}::numeric / ${productRatings.count}, 1) >= ${min})`;
}
