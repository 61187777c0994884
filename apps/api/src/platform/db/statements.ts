import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";
import type { Database } from "./database.ts";

/*
 * Statements of the hot write path (placing an order), written once in SQL and sent by name.
 * Against PostgreSQL a named statement is parsed and planned once per connection and only bound
 * afterwards, and nothing is built again in JavaScript for each call: on the order path that was
 * most of the statement time and a good part of the API's CPU (docs/benchmarks.md, 2026-11-24).
 * Everything else goes through Drizzle's query builder as usual; see
 * docs/decisions/020-order-create-path.md for where the line is drawn and why.
 *
 * A statement runs on whatever connection the handle holds: the pool, or the connection of the
 * transaction it is called in, so it takes part in the caller's transaction like any other query.
 */

/** A statement with positional parameters ($1, $2, …); the name is unique across the API. */
export type Statement<Row> = { readonly name: string; readonly text: string; readonly _row?: Row };

export function statement<Row>(name: string, text: string): Statement<Row> {
  return { name, text: text.replace(/\s+/g, " ").trim() };
}

type PgLike = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};
type PgliteLike = { exec: unknown; query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };
type Session = { client: PgLike | PgliteLike; logger?: { logQuery(query: string, params: unknown[]): void } };

/**
 * The driver's client under a Drizzle handle (a database or a transaction). Drizzle keeps it on its
 * session; the statements tests run on both drivers, so a Drizzle upgrade that moves it fails there.
 */
function sessionOf(db: Database): Session {
  const session = (db as unknown as { session?: Session }).session;
  if (!session?.client) throw new Error("no database client under this handle");
  return session;
}

/** Runs a statement with its parameters and answers its rows. */
export async function run<Row>(db: Database, st: Statement<Row>, params: unknown[]): Promise<Row[]> {
  const { client, logger } = sessionOf(db);
  logger?.logQuery(st.text, params);
  // PGlite runs in this process: there is no connection to keep a plan on, so it gets the text.
  const result =
    "exec" in client
      ? await client.query(st.text, params)
      : await (client as PgLike).query({ name: st.name, text: st.text, values: params });
  return result.rows as Row[];
}

/**
 * A Drizzle prepared query built once per database handle: the lookups every request makes (its
 * store, its caller's session) are built and named once, then only executed.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = prepare(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * A row of `table` as PostgreSQL's `row_to_json` writes it (column names, times as text) in the
 * shape Drizzle reads it: for a statement that brings another table's row as one of its values.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
