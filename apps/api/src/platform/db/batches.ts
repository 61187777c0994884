import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./database.ts";

/** Rows removed per statement: short statements keep row locks and WAL bursts small. */
export const DELETE_BATCH = 1000;

/**
 * Runs one batched `DELETE … RETURNING` (at most DELETE_BATCH rows) until a batch comes back short;
 * answers how many went.
 */
export async function deleteInBatches(db: Database, statement: () => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(statement());
    const removed = (result as unknown as { rows?: unknown[] }).rows?.length ?? 0;
    total += removed;
    if (removed < DELETE_BATCH) return total;
  }
}

/** `now()` less a number of seconds, for "ended longer ago than". */
export const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;
