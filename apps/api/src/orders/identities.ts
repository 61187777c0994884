import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";

/*
 * Order ids and order numbers, handed out from blocks each API process takes (decision 018, and
 * docs/decisions/020-order-create-path.md). Taking a number used to lock the store's counter row
 * from the moment the order was numbered to its commit, so every order of a store queued behind
 * the one being written. A block is taken in a statement of its own that commits at once: no lock
 * outlives it, and a busy process takes one block for many orders.
 *
 * A quiet shop gets blocks of one, so its numbers follow each other without gaps; a busy one gets
 * larger blocks, up to MAX_BLOCK. What a process had left when it stopped is never used, and two
 * busy processes hand out numbers from their own blocks side by side: numbers are unique per store
 * and rise over time, but a busy shop may skip some, and two orders placed a moment apart may be
 * numbered out of their order. Shoppers and staff find an order by its number; nothing counts on
 * numbers being consecutive.
 */

export const FIRST_ORDER_NUMBER = 1001;

/** The most ids and numbers one block holds. */
export const MAX_BLOCK = 64;

/** A block used up sooner than this after it was taken makes the next one twice as large. */
const BUSY_MS = 1000;

type BlockRow = { last_number: number; ids: number[] };

/** $1 store, $2 how many: the last number of the store's new block, and as many new order ids. */
const takeBlock = statement<BlockRow>(
  "orders_take_identities",
  `WITH counted AS (
     INSERT INTO order_counters (store_id, last_number) VALUES ($1, ${FIRST_ORDER_NUMBER - 1} + $2::int)
     ON CONFLICT (store_id) DO UPDATE SET last_number = order_counters.last_number + $2::int
     RETURNING last_number
   )
   SELECT last_number, array(
     SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int FROM generate_series(1, $2::int)
   ) AS ids FROM counted`,
);

export type OrderIdentity = { id: number; orderNumber: number };

type StoreBlocks = {
  left: OrderIdentity[];
  size: number;
  takenAt: number;
  taking: Promise<void> | null;
};

export type OrderIdentities = { next(storeId: number): Promise<OrderIdentity> };

/** The identities of one database's orders, for one API process. */
export function orderIdentities(db: Database, now = () => performance.now()): OrderIdentities {
  const stores = new Map<number, StoreBlocks>();

  async function refill(storeId: number, blocks: StoreBlocks): Promise<void> {
    const quick = blocks.takenAt > 0 && now() - blocks.takenAt < BUSY_MS;
    blocks.size = quick ? Math.min(blocks.size * 2, MAX_BLOCK) : 1;
    const [row] = await run(db, takeBlock, [storeId, blocks.size]);
    if (!row || row.ids.length !== blocks.size) throw new Error(`no order numbers for store ${storeId}`);
    const first = row.last_number - blocks.size + 1;
    blocks.left.push(...row.ids.map((id, i) => ({ id, orderNumber: first + i })));
    blocks.takenAt = now();
  }

  return {
    async next(storeId) {
      let blocks = stores.get(storeId);
      if (!blocks) {
        blocks = { left: [], size: 1, takenAt: 0, taking: null };
        stores.set(storeId, blocks);
      }
      for (;;) {
        const identity = blocks.left.shift();
        if (identity) return identity;
        // Orders arriving while a block is being taken wait for it rather than each taking one.
        blocks.taking ??= refill(storeId, blocks).finally(() => {
          if (blocks) blocks.taking = null;
        });
        await blocks.taking;
      }
    },
  };
}
