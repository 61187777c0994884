import { afterAll, beforeAll, inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../platform/db/database.ts";

/**
 * Two connection pools on this run's PostgreSQL schema, as two API processes behind a load balancer
 * hold theirs: opened before the enclosing suite's tests and closed after. Needs TEST_DATABASE_URL.
 */
export function twoConnectionPools(poolSize: number): () => [DatabaseHandle, DatabaseHandle] {
  let pools: DatabaseHandle[] = [];
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    pools = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: "postgres", url, schema: inject("testSchema"), poolSize })),
    );
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });
  return () => pools as [DatabaseHandle, DatabaseHandle];
}
