import { and, eq } from "drizzle-orm";
import { sha256 } from "../auth/crypto.ts";
import { sign } from "../orders/links.ts";
import type { Database } from "../platform/db/database.ts";
import { type DiningTableRow, diningTables } from "./tables.ts";

/*
 * A table's QR code (decision 065): 43 base64url characters, HMAC-SHA-256 of the shop's table-code
 * key over the store, the table and the code's version. Never the table's number, so `?table=7`
 * opens nothing; made again from the key whenever the sheet is printed, so only its SHA-256 is kept
 * (to find the table by one index read). Rotating bumps the version: the old code's hash is gone.
 */

/** Which table a code names: its store, its id and the version of its code. */
export type CodedTable = { storeId: number; id: number; codeVersion: number };

/** The code a table's QR code carries now. */
export function tableCode(key: Buffer, table: CodedTable): string {
  return sign(key, `table:${table.storeId}:${table.id}:${table.codeVersion}`);
}

/** What `dining_tables.code_hash` keeps of a code. */
export function tableCodeHash(code: string): string {
  return sha256(code);
}

/**
 * The active table of the store this code opens, or null: a code never made, one rotated since,
 * another shop's, or a deactivated table's. One read of the code's unique index.
 */
export async function findTableByCode(
  db: Database,
  storeId: number,
  code: string,
): Promise<DiningTableRow | null> {
  const [row] = await db
    .select()
    .from(diningTables)
    .where(
      and(
        eq(diningTables.codeHash, tableCodeHash(code)),
        eq(diningTables.storeId, storeId),
        eq(diningTables.active, true),
      ),
    );
  return row ?? null;
}
