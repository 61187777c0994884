import { type AnswerReach, changeReaches, type ProductChange } from "@stoa/contract";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { type AnswerCache, type AsOf, noAnswerCache, type Reach } from "../platform/http/answer-cache.ts";
import type { RequestContext } from "../platform/http/context.ts";
import type { StoreRow } from "../stores/tables.ts";

/*
 * Product-level invalidation of kept catalogue answers (docs/decisions/069-product-level-cache-invalidation.md).
 *
 * A statement that changes a store's products is written to `product_changes` under the store's
 * next `product_changes_seq` (triggers of migration 0054), and the store row every request is
 * served with carries that number. A process that sees the number move past where it stands reads
 * the changes in between (one indexed statement, once per store and move) and drops the kept
 * answers they reach: the answers that show a changed product, and the listings it could have
 * joined, left or moved in. Everything else stays kept.
 */

/** A change as a process learns it: under its number. */
export type NumberedChange = ProductChange & { seq: number };

/** What a kept answer reaches, in its store's group, and where the store's changes stood then. */
export type ProductReach = Reach & AnswerReach & { readonly seq: number };

/** The changes of a store after `after` up to `upTo`, in order, at most `$4` rows. */
const changesBetween = statement<{
  seq: string;
  product_id: number;
  category_ids: number[];
  aspects: number;
  prices: [number, number, number, number] | null;
  words: string[] | null;
}>(
  "product_changes_between",
  `SELECT seq, product_id, category_ids, aspects, prices, words FROM product_changes
   WHERE store_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq, product_id LIMIT $4`,
);

/**
 * More changed products than this at once (a burst of edits, a reader long idle): a reader drops
 * everything of the store instead of reading them, as after an import.
 */
export const MOST_CHANGES_READ = 10_000;

/**
 * The store's changes after `after` up to `upTo`, in order; null when some are no longer kept, or
 * when there are more than `most` (changed products, not statements: one statement may change 200).
 * Every statement writes at least one row under its own number: a number missing means its changes
 * were swept (a reader idle for an hour), so nothing kept from before can be trusted.
 */
export async function changesOf(
  db: Database,
  storeId: number,
  after: number,
  upTo: number,
  most = MOST_CHANGES_READ,
): Promise<NumberedChange[] | null> {
  if (upTo <= after) return [];
  if (upTo - after > most) return null;
  const rows = await run(db, changesBetween, [storeId, after, upTo, most + 1]);
  if (rows.length > most) return null;
  const changes = rows.map(
    (row): NumberedChange => ({
      seq: Number(row.seq),
      productId: row.product_id,
      categoryIds: row.category_ids,
      aspects: row.aspects,
      ...(row.prices
        ? {
            prices: {
              before: row.prices[0],
              after: row.prices[1],
              onSaleBefore: row.prices[2] === 1,
              onSaleAfter: row.prices[3] === 1,
            },
          }
        : {}),
      ...(row.words ? { words: row.words } : {}),
    }),
  );
  return new Set(changes.map((change) => change.seq)).size === upTo - after ? changes : null;
}

/** How long the changes are kept in the database: far longer than any process waits to read them. */
export const PRODUCT_CHANGES_KEPT_SECONDS = 3600;

const sweepChanges = statement<{ n: string }>(
  "product_changes_sweep",
  `WITH gone AS (DELETE FROM product_changes WHERE changed_at < now() - make_interval(secs => $1) RETURNING 1)
   SELECT count(*) AS n FROM gone`,
);

/** Removes changes older than `PRODUCT_CHANGES_KEPT_SECONDS` (the sweeper), by the index on their time. */
export async function sweepOldProductChanges(db: Database): Promise<number> {
  const rows = await run(db, sweepChanges, [PRODUCT_CHANGES_KEPT_SECONDS]);
  return Number(rows[0]?.n ?? 0);
}

/** The changes a process keeps in memory after learning them: for answers computed while they came. */
const RECENT_CHANGES = 2000;

type StoreFeed = {
  /** Every change up to here has been applied to the kept answers. */
  seq: number;
  /** The latest changes learnt, in order; all after `heldFrom` are among them. */
  recent: NumberedChange[];
  heldFrom: number;
  learning?: Promise<void>;
};

/** A store as its kept answers are grouped: a store made again with the same id is another group. */
export const groupOf = (store: StoreRow): string => `${store.id}.${store.createdAt.getTime()}`;

export type ProductChangeFeed = {
  /** Applies the changes the store row announces to the kept answers; where the store then stands. */
  catchUp(ctx: RequestContext): Promise<AsOf>;
  /** Whether an answer computed at `reach.seq` is still right now (cache option `admits`). */
  admits(reach: Reach): boolean;
};

/**
 * The feed of one API process's answer cache. `cacheOf` gives the cache late: the cache is built
 * with this feed's `admits`.
 */
export function productChangeFeed(db: Database, cacheOf: () => AnswerCache): ProductChangeFeed {
  const feeds = new Map<string, StoreFeed>();

  async function learn(feed: StoreFeed, store: StoreRow, upTo: number): Promise<void> {
    const group = groupOf(store);
    const changes = await changesOf(db, store.id, feed.seq, upTo);
    if (changes === null) {
      cacheOf().forget(group, () => true);
      feed.recent = [];
      feed.heldFrom = upTo;
    } else {
      cacheOf().forget(group, (reach) =>
        changes.some((change) => changeReaches(change, reach as ProductReach)),
      );
      feed.recent.push(...changes);
      if (feed.recent.length > RECENT_CHANGES) {
        const cut = feed.recent.length - RECENT_CHANGES;
        feed.heldFrom = feed.recent[cut - 1]?.seq ?? feed.heldFrom;
        feed.recent = feed.recent.slice(cut);
      }
    }
    feed.seq = upTo;
  }

  return {
    async catchUp({ store }) {
      const group = groupOf(store);
      const upTo = store.productChangesSeq;
      // With the cache off there is nothing kept to drop: no changes are read.
      if (cacheOf() === noAnswerCache) return upTo;
      let feed = feeds.get(group);
      if (feed === undefined) {
        // Nothing of this store is kept yet: it starts where its row stands.
        feed = { seq: upTo, recent: [], heldFrom: upTo };
        feeds.set(group, feed);
      }
      // One learning at a time per store; a request whose row is behind waits for none.
      while (feed.seq < upTo) {
        if (feed.learning) {
          await feed.learning;
          continue;
        }
        const learning = learn(feed, store, upTo);
        feed.learning = learning;
        try {
          await learning;
        } finally {
          feed.learning = undefined;
        }
      }
      return upTo;
    },
    admits(reach) {
      const { group, seq } = reach as ProductReach;
      const feed = feeds.get(group);
      if (feed === undefined || seq >= feed.seq) return true;
      if (seq < feed.heldFrom) return false;
      return !feed.recent.some((change) => change.seq > seq && changeReaches(change, reach as ProductReach));
    },
  };
}
