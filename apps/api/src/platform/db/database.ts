import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { REPO_ROOT } from "../config.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * The handle inside `db.transaction(async (tx) => …)`. It is a Database too, so a service written
 * for one runs unchanged inside a caller's transaction.
 */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type QueryListener = (query: string, params: unknown[]) => void;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Hears every query the app sends (tests read the plans of what pages ask); returns an unsubscribe. */
  onQuery(listener: QueryListener): () => void;
  /** A raw statement with positional parameters, for EXPLAIN and maintenance. */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = `${REPO_ROOT}apps/api/drizzle`;

/** How the API's connections are named in PostgreSQL's `pg_stat_activity`. */
export const APPLICATION_NAME = "stoa-api";

export type DatabaseOptions =
  | { kind: "pglite"; dataDir?: string }
  | {
      kind: "postgres";
      url: string;
      schema?: string;
      poolSize?: number;
      /** The connections' name in `pg_stat_activity`; else PGAPPNAME, else APPLICATION_NAME. */
      applicationName?: string;
      /**
       * Hears a connection the pool lost while it sat idle (the server restarted, a pooler timed it
       * out, a DBA ended it). The pool has already dropped it and opens a new one when needed.
       */
      onConnectionLost?: (error: Error) => void;
    };

/**
 * PGlite (embedded, data under `.data/`) by default; a real PostgreSQL when a URL is given. Both run
 * the same migrations. `schema` isolates a test run inside a shared PostgreSQL database.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const listeners = new Set<QueryListener>();
  const logger = {
    logQuery(query: string, params: unknown[]) {
      for (const listener of listeners) listener(query, params);
    },
  };
  const onQuery = (listener: QueryListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (options.kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    // Bookings' exclusion constraint (migration 0050) needs btree_gist for `resource_id WITH =`.
    const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
    const client = await PGlite.create({
      dataDir: options.dataDir,
      extensions: { pg_trgm, btree_gist },
    }).catch((error: unknown) => {
      unlock();
      throw error;
    });
    const db = drizzle({ client, schema, logger });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      onQuery,
      query: async <Row>(text: string, params: unknown[] = []) =>
        (await client.query<Row>(text, params)).rows,
      migrate: () => migrate(db, { migrationsFolder }),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  }
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const searchPath = options.schema ? `${options.schema},public` : undefined;
  const pool = new pg.default.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    // Named, so an operator (and the tests) can tell the API's connections in pg_stat_activity:
    // PGAPPNAME when set, as for any PostgreSQL client, else APPLICATION_NAME.
    application_name: options.applicationName,
    fallback_application_name: APPLICATION_NAME,
    // While PostgreSQL is down a request waits this long for a connection and then answers 503,
    // instead of queueing without end; keep-alive notices a peer that vanished without a word.
    connectionTimeoutMillis: 30_000,
    keepAlive: true,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // An idle connection that ends emits 'error' on the pool; with no listener, Node ends the process.
  pool.on("error", (error) => options.onConnectionLost?.(error));
  // One that ends while checked out but between queries (inside a transaction, say) emits 'error'
  // on its client instead: its next query fails (a 503 for the request) and the pool drops it on
  // release, so the listener only keeps Node from ending the process.
  pool.on("connect", (client) => client.on("error", () => {}));
  if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
  const db = drizzle({ client: pool, schema, logger });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    onQuery,
    query: async <Row>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as Row[],
    migrate: () => migrate(db, { migrationsFolder, migrationsSchema: options.schema ?? "drizzle" }),
    close: () => pool.end(),
  };
}
