import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.ts";
import { run } from "../platform/db/statements.ts";
import { testHarness } from "../test/harness.ts";
import { settleApproved } from "./settle-at-once.ts";

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };

function scansOf(node: PlanNode, relation: string): PlanNode[] {
  const own = node["Relation Name"] === relation && /Scan/.test(node["Node Type"]) ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => scansOf(child, relation))];
}

const BUSY_STORE = 990_001;
const SETTLED_STORE = 990_002;

/** The columns an order is written with here, in the order the tests give their values. */
const ORDER_COLUMNS = sql.raw(`(store_id, id, order_number, customer_id, status, payment_status,
  fulfilment_status, delivery_type, currency, total_amount, tax, tax_included, shipping_charge, discount,
  tip, wallet, payable_amount, customer_name, customer_contact, note, out_stock_preference, locale,
  idempotency_key, request_digest, item_count)`);

/** Carries the plan out of the transaction, which it rolls back. */
class Planned extends Error {
  constructor(readonly plan: PlanNode) {
    super("planned");
  }
}

/*
 * The settle runs as a named statement, so after a few calls PostgreSQL plans it once for any
 * order. That generic plan must find the order by its primary key: through the status index it
 * walked the `pending_payment` entries every earlier card order left behind (docs/benchmarks.md).
 */
describe("settling an approved card order in one statement", () => {
  it("finds the order by its key in the plan made for every order", async () => {
    const { handle } = await testHarness();
    const plan = await handle.db
      .transaction(async (tx) => {
        // A busy shop's orders (of a store no test uses, undone after), all of them past their card
        // as a running shop's are, and the statistics the planner weighs its indexes by: on a
        // handful of rows any index, or none, is as good. On PostgreSQL, a plain status condition
        // makes this plan read the status index.
        await tx.execute(sql`INSERT INTO orders ${ORDER_COLUMNS}
          SELECT ${BUSY_STORE}, n, n, n % 500, CASE WHEN n % 3 = 0 THEN 'delivered' ELSE 'placed' END,
            'authorized', 'unfulfilled', 'pickup', 'USD', 100, 0, false, 0, 0, 0, 0, 100, 'Shopper', '',
            '', 'remove', 'en', 'key-' || n, '', 1
          FROM generate_series(1, 20000) AS n`);
        await tx.execute(sql`ANALYZE orders`);
        await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`PREPARE settle_plan_check AS ${settleApproved.text}`));
        const result = (await tx.execute(
          sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE settle_plan_check(${BUSY_STORE}, 1, 'placed', 'authorized',
            'unfulfilled', NULL, NULL, 'pending', 'unfulfilled', 'stripe', 'key', 100, 'USD', 'pi_1', '[]')`),
        )) as unknown as { rows: { "QUERY PLAN": [{ Plan: PlanNode }] | string }[] };
        await tx.execute(sql`DEALLOCATE settle_plan_check`);
        const raw = result.rows[0]?.["QUERY PLAN"];
        throw new Planned(
          ((typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }])[0].Plan,
        );
      })
      .catch((error: unknown) => {
        if (error instanceof Planned) return error.plan;
        throw error;
      });
    const reads = scansOf(plan, "orders");
    expect(reads.map((node) => node["Index Name"])).toEqual(["orders_store_id_id_pk"]);
  });

  it("commits without waiting for the disk, and only its own transaction", async () => {
    const { handle } = await testHarness();
    const pendingOrder = (id: number, store = BUSY_STORE) => sql`INSERT INTO orders ${ORDER_COLUMNS}
      VALUES (${store}, ${id}, ${id}, 1, 'pending_payment', 'none', 'unfulfilled', 'pickup', 'USD', 100,
        0, false, 0, 0, 0, 0, 100, 'Shopper', '', '', 'remove', 'en', ${`key-${id}`}, '', 1)`;
    const settle = (id: number, store = BUSY_STORE) => [
      store,
      id,
      "placed",
      "authorized",
      "unfulfilled",
      "visa",
      "4242",
      "none",
      "unfulfilled",
      "stripe",
      `pay-${id}`,
      100,
      "USD",
      `pi_${id}`,
      "[]",
    ];
    const setting = async (db: Database) =>
      (
        (await db.execute(sql`SELECT current_setting('synchronous_commit') AS value`)) as unknown as {
          rows: { value: string }[];
        }
      ).rows[0]?.value;

    // Inside the settle's transaction: the order is placed, and its commit will not wait for the disk.
    const during = await handle.db
      .transaction(async (tx) => {
        await tx.execute(pendingOrder(1));
        const placed = await run(tx as unknown as Database, settleApproved, settle(1));
        throw new Planned({ "Node Type": `${placed.length}:${await setting(tx as unknown as Database)}` });
      })
      .catch((error: unknown) => {
        if (error instanceof Planned) return error.plan["Node Type"];
        throw error;
      });
    expect(during).toBe("1:off");

    // After a settle that commits, no connection keeps it: every other transaction, cash orders
    // among them, waits for the disk. On PostgreSQL each of these holds a connection of the pool at
    // once, so one of them is the settle's.
    // The order stays, placed, in a store no test uses: its payment log is append-only.
    await handle.db.execute(pendingOrder(2, SETTLED_STORE));
    expect(await run(handle.db, settleApproved, settle(2, SETTLED_STORE))).toHaveLength(1);
    const pause = handle.kind === "postgres" ? "pg_sleep(0.05)," : "";
    const after = await Promise.all(
      Array.from({ length: 8 }, () =>
        handle.query<{ value: string }>(`SELECT ${pause} current_setting('synchronous_commit') AS value`),
      ),
    );
    expect(after.map(([row]) => row?.value)).toEqual(Array(8).fill("on"));
  });
});
