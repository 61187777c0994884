import { count, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./database.ts";

/** A list's total, exact up to the cap it was counted to; `lowerBound` when more match than that. */
export type CappedTotal = { total: number; lowerBound: boolean };

/**
 * How many rows of `table` match, counted up to `cap` (one more tells whether there are more): a
 * list of 100,000 orders or products counts the pages a reader can reach from where they are
 * (contract `countedResultsCap`), not the whole table on every page (docs/decisions/011).
 */
export async function countUpTo(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<CappedTotal> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  const [row] = await db.select({ total: count() }).from(matches);
  const counted = row?.total ?? 0;
  return { total: Math.min(counted, cap), lowerBound: counted > cap };
}
