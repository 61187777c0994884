// The benchmark data set per database: demo stores plus a large generated catalogue in the default
// store, prepared once and reused, and the request variants (search filters, product ids) drawn
// from what is actually in it.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DEFAULT_STORE_ID } from "@stoa/contract";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { generateLargeCatalogue } from "../../apps/api/src/demo/generate.ts";
import { isDatabaseEmpty, seedDemoStores } from "../../apps/api/src/demo/seed.ts";
import { type Database, type DatabaseHandle, openDatabase } from "../../apps/api/src/platform/db/database.ts";
import type { BookingLoad } from "./bookings.ts";
import { postgresDatabase } from "./config.ts";
import type { DineInLoad } from "./dine-in.ts";
import { type OrderPool, prepareOrderPool } from "./orders.ts";
import type { ReservationLoad } from "./reservations.ts";
import { reviewBenchProducts } from "./reviews.ts";
import { benchShoppers, type Shopper } from "./shoppers.ts";
import type { StaffOrderLoad } from "./staff-orders.ts";

export type BackendName = "pglite" | "postgres";

export type Backend = {
  name: BackendName;
  title: string;
  /** Environment that points the API process at this database. */
  apiEnv: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  /** Throws the bench data away; everything in it is generated, so nothing of value is lost. */
  reset(): Promise<void>;
};

export type SearchBody = { keyword: string; categoryIds: number[]; minPrice: number; maxPrice: number };

export type Workload = {
  storeId: number;
  productCount: number;
  engine: string;
  searchBodies: SearchBody[];
  productIds: number[];
  shoppers: Shopper[];
  /** Products that checkout carts are drawn from, restocked for this run; only for the checkout targets. */
  orderPool?: OrderPool;
  /** The staff's order list: the orders the store holds and an owner's session; only for the staff targets. */
  staffOrders?: StaffOrderLoad;
  /** Tables, dishes and diners' passes for the rounds targets; only for those. */
  dineIn?: DineInLoad;
  /** Reserve bodies for the reservation targets; only for those. */
  reservations?: ReservationLoad;
  /** A bookable service, its resources and the bookings' bodies for the booking targets; only for those. */
  bookings?: BookingLoad;
};

export const BENCH_STORE_DOMAIN = "localhost";

export function pgliteBackend(dataDir: string): Backend {
  return {
    name: "pglite",
    title: "PGlite (embedded)",
    // The API appends `/pglite` to DATA_DIR.
    apiEnv: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: "pglite", dataDir: `${dataDir}/pglite` }),
    reset: async () => rmSync(`${dataDir}/pglite`, { recursive: true, force: true }),
  };
}

/**
 * PostgreSQL backend on a dedicated `stoa_bench` database, created through the `postgres` database
 * when missing. Returns the reason instead when the server cannot be reached, so a machine without
 * PostgreSQL still gets the PGlite figures.
 */
export async function postgresBackend(serverUrl: string): Promise<Backend | string> {
  const admin = async (work: (client: pg.Client) => Promise<void>) => {
    const client = new pg.Client({
      connectionString: `${serverUrl}/postgres`,
      connectionTimeoutMillis: 3_000,
    });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  const create = async (client: pg.Client) => {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [postgresDatabase]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${postgresDatabase}`);
  };
  try {
    await admin(create);
  } catch (error) {
    return `PostgreSQL skipped: ${serverUrl} is not reachable (${(error as Error).message || String(error)})`;
  }
  const url = `${serverUrl}/${postgresDatabase}`;
  return {
    name: "postgres",
    title: "PostgreSQL",
    apiEnv: { DATABASE_URL: url },
    open: () => openDatabase({ kind: "postgres", url, poolSize: 4 }),
    reset: () =>
      admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${postgresDatabase} WITH (FORCE)`);
        await create(client);
      }),
  };
}

/**
 * Opens the bench database with the current migrations applied. A migration rewritten since the
 * data was made (normal while a feature branch is young) cannot apply on top of it; the data is
 * then rebuilt rather than the run failing.
 */
export async function openMigrated(backend: Backend, log: (line: string) => void): Promise<DatabaseHandle> {
  if (process.env.BENCH_RESET === "1") {
    log("BENCH_RESET=1: recreating the bench data");
    await backend.reset();
  }
  const handle = await backend.open();
  try {
    await handle.migrate();
    return handle;
  } catch (error) {
    await handle.close();
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    log(`migrations do not apply to the existing bench data (${cause}); recreating it`);
  }
  await backend.reset();
  const fresh = await backend.open();
  try {
    await fresh.migrate();
  } catch (error) {
    await fresh.close();
    throw error;
  }
  return fresh;
}

/** Both drivers return `{ rows }` from a raw query; the shared Database type does not say so. */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function storeProductCount(db: Database, storeId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM products WHERE store_id = ${storeId}`,
  );
  return row?.n ?? 0;
}

/**
 * Migrates, seeds and generates only what is missing, so later runs start in seconds. Statistics
 * are refreshed every time: plans on a freshly loaded table without them say nothing about
 * production.
 */
export async function prepare(
  handle: DatabaseHandle,
  productCount: number,
  log: (line: string) => void,
): Promise<number> {
  const { db } = handle;
  if (await isDatabaseEmpty(db)) {
    log("seeding demo stores");
    await seedDemoStores(db);
  }
  const [store] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM stores WHERE domain = ${BENCH_STORE_DOMAIN}`,
  );
  if (!store) throw new Error(`no store with domain ${BENCH_STORE_DOMAIN} after seeding`);
  if (store.id !== DEFAULT_STORE_ID)
    log(`note: store ${BENCH_STORE_DOMAIN} has id ${store.id}, not ${DEFAULT_STORE_ID}`);
  const existing = await storeProductCount(db, store.id);
  if (existing < productCount) {
    log(`generating ${productCount - existing} products in store ${store.id} (has ${existing})`);
    const started = Date.now();
    await generateLargeCatalogue(db, { storeId: store.id, count: productCount - existing });
    log(`generated in ${((Date.now() - started) / 1000).toFixed(0)} s; vacuuming`);
    // A settled production table has been vacuumed (PostgreSQL's autovacuum would do it; PGlite has
    // none): without it index-only scans fall back to the heap and counts look worse than they are.
    await db.execute(sql`VACUUM ANALYZE`);
  } else {
    await db.execute(sql`ANALYZE`);
  }
  return store.id;
}

/** PGlite does not export its package.json, so it is found from the resolved entry point. */
function pgliteVersion(): string {
  const require = createRequire(new URL("../../apps/api/package.json", import.meta.url));
  let dir = dirname(require.resolve("@electric-sql/pglite"));
  while (dir !== dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as {
        name?: string;
        version?: string;
      };
      if (name === "@electric-sql/pglite" && version) return version;
    }
    dir = dirname(dir);
  }
  return "?";
}

async function engineOf(handle: DatabaseHandle): Promise<string> {
  const [row] = await rows<{ v: string }>(handle.db, sql`SELECT current_setting('server_version') AS v`);
  const server = `PostgreSQL ${row?.v ?? "?"}`;
  return handle.kind === "pglite" ? `PGlite ${pgliteVersion()} (${server})` : server;
}

/**
 * Filters that each match a realistic share of the catalogue: a common word of product names, a
 * category holding a few percent to a third of the products, and a middle price band. Several are
 * combined so the API is not measured on one query whose pages stay hot in cache.
 */
async function searchBodies(db: Database, storeId: number, total: number): Promise<SearchBody[]> {
  // Every 20th product is enough to rank words and keeps this quick on PGlite.
  const words = await rows<{ word: string; n: number }>(
    db,
    sql`SELECT word, count(DISTINCT id)::int AS n
        FROM (SELECT id, regexp_split_to_table(search_text, '[^a-z]+') AS word
              FROM products WHERE store_id = ${storeId} AND id % 20 = 0) w
        WHERE length(word) >= 4
        GROUP BY word ORDER BY n DESC LIMIT 300`,
  );
  const sample = Math.max(1, Math.ceil(total / 20));
  let keywords = words.filter((w) => w.n / sample >= 0.02 && w.n / sample <= 0.2).map((w) => w.word);
  if (keywords.length === 0) keywords = words.slice(0, 8).map((w) => w.word);

  const categoryRows = await rows<{ id: number; parent_id: number | null; n: number }>(
    db,
    sql`SELECT c.id, c.parent_id, count(pc.product_id)::int AS n
        FROM categories c LEFT JOIN product_categories pc ON pc.store_id = c.store_id AND pc.category_id = c.id
        WHERE c.store_id = ${storeId} AND c.is_show
        GROUP BY c.id, c.parent_id`,
  );
  // The API widens a category to its descendants; an estimate of that share is enough to choose.
  const withChildren = (id: number): number =>
    (categoryRows.find((c) => c.id === id)?.n ?? 0) +
    categoryRows.filter((c) => c.parent_id === id).reduce((sum, c) => sum + withChildren(c.id), 0);
  let categoryIds = categoryRows
    .map((c) => ({ id: c.id, share: withChildren(c.id) / Math.max(1, total) }))
    .filter((c) => c.share >= 0.03 && c.share <= 0.35)
    .map((c) => c.id);
  if (categoryIds.length === 0)
    categoryIds = categoryRows
      .sort((a, b) => b.n - a.n)
      .slice(0, 5)
      .map((c) => c.id);

  const [prices] = await rows<{ p: number[] }>(
    db,
    sql`SELECT percentile_disc(ARRAY[0.1, 0.25, 0.5, 0.75, 0.9]) WITHIN GROUP (ORDER BY effective_price) AS p
        FROM products WHERE store_id = ${storeId}`,
  );
  const [p10 = 0, p25 = 0, p50 = 0, p75 = 0, p90 = 0] = prices?.p ?? [];
  const bands: Array<[number, number]> = [
    [p10, p75],
    [p25, p90],
    [p10, p50],
    [p50, p90],
    [p25, p75],
  ];

  const bodies: SearchBody[] = [];
  for (let i = 0; i < 24; i++) {
    const [minPrice, maxPrice] = bands[i % bands.length] as [number, number];
    bodies.push({
      keyword: keywords[i % keywords.length] as string,
      categoryIds: [categoryIds[(i * 7) % categoryIds.length] as number],
      minPrice,
      maxPrice,
    });
  }
  return bodies;
}

/** `orderProducts`: how many products checkout carts are drawn from; 0 when no checkout target runs. */
export async function workload(
  handle: DatabaseHandle,
  storeId: number,
  orderProducts: number,
): Promise<Workload> {
  const productCount = await storeProductCount(handle.db, storeId);
  // A stable pseudo-random spread of ids: the same pages every run, not just the newest rows.
  const ids = await rows<{ id: number }>(
    handle.db,
    sql`SELECT id FROM products WHERE store_id = ${storeId} AND is_available ORDER BY md5(id::text) LIMIT 1000`,
  );
  const shoppers = await benchShoppers(handle, storeId);
  // After the shoppers exist: they write the reviews the product targets show (issue 37).
  await reviewBenchProducts(
    handle.db,
    storeId,
    ids.map((r) => r.id),
  );
  return {
    storeId,
    productCount,
    engine: await engineOf(handle),
    searchBodies: await searchBodies(handle.db, storeId, productCount),
    productIds: ids.map((r) => r.id),
    shoppers,
    orderPool: orderProducts > 0 ? await prepareOrderPool(handle, storeId, orderProducts) : undefined,
  };
}

/** Makes the bench store take these card gateways besides what it took (kept with the bench data). */
export async function offerCardGateways(
  handle: DatabaseHandle,
  storeId: number,
  gateways: readonly string[],
): Promise<void> {
  await handle.query(
    `UPDATE stores SET payment_providers = ARRAY(SELECT DISTINCT unnest(payment_providers || $2::text[]))
     WHERE id = $1 AND NOT payment_providers @> $2::text[]`,
    [storeId, [...gateways]],
  );
}
