import { type SavedCartLine, STORE_DOMAIN_HEADER } from "@stoa/contract";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../catalogue/tables.ts";
import { registerVerified } from "../test/accounts.ts";
import { type ApiProcess, startApiProcesses } from "../test/api-processes.ts";
import { testHarness } from "../test/harness.ts";

/**
 * Two API processes on one PostgreSQL, as behind a load balancer: two devices signing in at once
 * merge different lines into one customer's cart through different processes; neither is lost.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("saved cart merges across API processes", () => {
  let processes: ApiProcess[] = [];
  let productIds: number[] = [];
  beforeAll(async () => {
    const { handle } = await testHarness();
    productIds = (
      await handle.db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.storeId, 41),
            eq(products.variationCount, 0),
            eq(sql`${products.addOnGroups}`, sql`'[]'::jsonb`),
            gt(products.stock, 0),
          ),
        )
        .orderBy(asc(products.id))
        .limit(20)
    ).map((row) => row.id);
    processes = await startApiProcesses(2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  it.each([1, 2, 3])("keeps both devices' lines when they merge at once (round %i)", async () => {
    const { token } = await registerVerified();
    const phone = productIds.slice(0, 10);
    const laptop = productIds.slice(10, 20);
    const merge = (api: ApiProcess, ids: number[]) =>
      fetch(`${api.url}/api/cart/merge`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          [STORE_DOMAIN_HEADER]: "localhost",
        },
        body: JSON.stringify({ items: ids.map((productId) => ({ productId, quantity: 1 })) }),
      }).then((response) => response.json() as Promise<{ code: string }>);
    const answers = await Promise.all([
      merge(processes[0] as ApiProcess, phone),
      merge(processes[1] as ApiProcess, laptop),
    ]);
    expect(answers.map((answer) => answer.code)).toEqual(["0", "0"]);
    const read = await fetch(`${(processes[0] as ApiProcess).url}/api/cart`, {
      headers: { authorization: `Bearer ${token}`, [STORE_DOMAIN_HEADER]: "localhost" },
    });
    const { data } = (await read.json()) as { data: { items: SavedCartLine[] } };
    expect(data.items.map((item) => item.productId).sort((a, b) => a - b)).toEqual(
      [...phone, ...laptop].sort((a, b) => a - b),
    );
  });
});
