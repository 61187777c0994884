import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../apps/api/src/platform/db/database.ts";

/*
 * Reviews for the bench (issue 37): REVIEWERS published reviews (1–5 stars, spread by a hash) on
 * each of the products the product targets ask for, written by the bench store's customers, and
 * each product's rating row recomputed from them — as consistent as the API keeps it — so the
 * listing, search and product info answers carry ratings and the reviews page has a page to show.
 * Idempotent: a customer's review of a product is written once.
 */
export const REVIEWERS = 8;

export async function reviewBenchProducts(
  db: Database,
  storeId: number,
  productIds: number[],
): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql.param(productIds);
  const run = (query: SQL) => db.execute(query);
  await run(sql`
    INSERT INTO product_reviews (store_id, product_id, customer_id, rating, title, text, language, state, created_at)
    SELECT ${storeId}, p.id, c.id, 1 + abs(hashtext(p.id::text || ':' || c.id::text)) % 5,
      'Does what it says',
      'Bought it for the family; it arrived well packed and the quality holds up after weeks of use.',
      CASE c.n % 3 WHEN 0 THEN 'en' WHEN 1 THEN 'ar' ELSE 'he' END, 'published',
      now() - make_interval(days => c.n)
    FROM unnest(${ids}::int[]) AS p(id)
    CROSS JOIN (SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM customers
      WHERE store_id = ${storeId} AND kind = 'customer' ORDER BY id LIMIT ${REVIEWERS}) AS c
    ON CONFLICT DO NOTHING`);
  await run(sql`
    INSERT INTO product_ratings (store_id, product_id, count, sum, stars1, stars2, stars3, stars4, stars5)
    SELECT store_id, product_id, count(*), sum(rating),
      count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
      count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4),
      count(*) FILTER (WHERE rating = 5)
    FROM product_reviews WHERE store_id = ${storeId} AND state = 'published'
      AND product_id = ANY(${ids}::int[])
    GROUP BY store_id, product_id
    ON CONFLICT (store_id, product_id) DO UPDATE SET count = excluded.count, sum = excluded.sum,
      stars1 = excluded.stars1, stars2 = excluded.stars2, stars3 = excluded.stars3,
      stars4 = excluded.stars4, stars5 = excluded.stars5`);
}
