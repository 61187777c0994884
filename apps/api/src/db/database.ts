import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

export type DatabaseOptions =
  | { kind: "pglite"; dataDir?: string }
  | { kind: "postgres"; url: string; schema?: string; poolSize?: number };

/**
 * PGlite (embedded, data under `.data/`) by default; a real PostgreSQL when a URL is given. Both run
 * the same migrations. `schema` isolates a test run inside a shared PostgreSQL database.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
    const db = drizzle({ client, schema });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      migrate: () => migrate(db, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const searchPath = options.schema ? `${options.schema},public` : undefined;
  const pool = new pg.default.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    migrate: () => migrate(db, { migrationsFolder, migrationsSchema: options.schema ?? "drizzle" }),
    close: () => pool.end(),
  };
}
