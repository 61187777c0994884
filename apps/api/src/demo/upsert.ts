import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * `ON CONFLICT DO UPDATE` parts that copy the given columns from the proposed row, but only when
 * one of them differs: re-running the seed then rewrites no row and leaves `updated_at` alone.
 */
export function upsertChanged<T extends PgTable>(
  table: T,
  keys: readonly (keyof T["$inferInsert"] & string)[],
): { set: Record<string, SQL>; setWhere: SQL } {
  const columns: Record<string, { name: string }> = getTableColumns(table);
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column.name;
  });
  const set: Record<string, SQL> = Object.fromEntries(
    keys.map((key, i) => [key, sql.raw(`excluded."${names[i]}"`)]),
  );
  if (columns.updatedAt) set.updatedAt = sql`now()`;
  const current = names.map((name) => `"${getTableName(table)}"."${name}"`).join(", ");
  const proposed = names.map((name) => `excluded."${name}"`).join(", ");
  return { set, setWhere: sql.raw(`(${current}) IS DISTINCT FROM (${proposed})`) };
}
