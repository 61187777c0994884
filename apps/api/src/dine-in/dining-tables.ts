import {
  type StaffTable,
  type StaffTableSaveBody,
  type StaffTableSheet,
  TABLES_PER_STORE_MAX,
} from "@stoa/contract";
import { and, asc, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { isUniqueViolation } from "../customers/service.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { tableCode, tableCodeHash } from "./table-codes.ts";
import { type DiningTableRow, diningTables } from "./tables.ts";

/*
 * The console's tables (issue 34): list, create, edit, deactivate, rotate a code, print the sheet.
 * Every change writes its audit row in the transaction that makes it.
 */

/** Who changes the shop's tables, with the key their codes are made with (read before any transaction). */
export type TableKeeper = { storeId: number; staffId: number | null; codeKey: Buffer };

export function staffTableOf(row: DiningTableRow): StaffTable {
  return {
    id: row.id,
    name: row.name,
    area: row.area,
    seats: row.seats,
    active: row.active,
    codeMadeAt: row.codeMadeAt.toISOString(),
  };
}

/** What the audit log keeps of a table: never its code. */
const audited = (row: DiningTableRow) => ({
  name: row.name,
  area: row.area,
  seats: row.seats,
  active: row.active,
});

/** The shop's tables, active or not, by area then in the order they were made. */
export async function staffTables(db: Database, storeId: number): Promise<StaffTable[]> {
  const rows = await db
    .select()
    .from(diningTables)
    .where(eq(diningTables.storeId, storeId))
    .orderBy(asc(diningTables.area), asc(diningTables.id));
  return rows.map(staffTableOf);
}

const nameTaken = () => new ApiError("TABLE_NAME_TAKEN", { name: "error-table-name-taken" });

/** Whether another table of the store has this name, in any case (the unique index's own rule). */
async function nameInUse(db: Database, storeId: number, name: string, except: number | null) {
  const conditions: SQL[] = [
    eq(diningTables.storeId, storeId),
    sql`lower(${diningTables.name}) = lower(${name})`,
  ];
  if (except !== null) conditions.push(ne(diningTables.id, except));
  const [row] = await db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(and(...conditions));
  return row !== undefined;
}

/**
 * Creates a table with its first code, or edits one (deactivating it stops its code opening
 * anything). A name another table has, in any case, is TABLE_NAME_TAKEN on `name`; the shop's
 * TABLES_PER_STORE_MAXth table is its last (TABLES_FULL).
 */
export async function saveTable(
  db: Database,
  who: TableKeeper,
  body: StaffTableSaveBody,
): Promise<StaffTable> {
  try {
    return await db.transaction(async (tx) => {
      if (await nameInUse(tx, who.storeId, body.name, body.id)) throw nameTaken();
      return body.id === null ? await createTable(tx, who, body) : await editTable(tx, who, body.id, body);
    });
  } catch (error) {
    // Two members naming two tables alike at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

async function createTable(tx: Database, who: TableKeeper, body: StaffTableSaveBody) {
  // One creation at a time per shop, so two at once cannot both pass the count.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`dining-tables|${who.storeId}`}, 0))`);
  const [counted] = await tx
    .select({ n: count() })
    .from(diningTables)
    .where(eq(diningTables.storeId, who.storeId));
  if ((counted?.n ?? 0) >= TABLES_PER_STORE_MAX) throw new ApiError("TABLES_FULL");
  // The code names the table's id, so the id is taken first.
  const rows = (await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence('dining_tables', 'id'))::int AS id`,
  )) as unknown as { rows: { id: number }[] };
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error("no table id");
  const code = tableCode(who.codeKey, { storeId: who.storeId, id, codeVersion: 1 });
  const [made] = await tx
    .insert(diningTables)
    .values({
      storeId: who.storeId,
      id,
      name: body.name,
      area: body.area,
      seats: body.seats,
      active: body.active,
      codeHash: tableCodeHash(code),
      codeVersion: 1,
    })
    .returning();
  if (!made) throw new Error("table not made");
  await recordChange(tx, {
    storeId: who.storeId,
    staffId: who.staffId,
    action: "table.create",
    subject: `table:${made.id}`,
    after: audited(made),
  });
  return staffTableOf(made);
}

async function lockedTable(tx: Database, storeId: number, tableId: number) {
  const [row] = await tx
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.storeId, storeId), eq(diningTables.id, tableId)))
    .for("update");
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

async function editTable(tx: Database, who: TableKeeper, tableId: number, body: StaffTableSaveBody) {
  const before = await lockedTable(tx, who.storeId, tableId);
  const [after] = await tx
    .update(diningTables)
    .set({ name: body.name, area: body.area, seats: body.seats, active: body.active, updatedAt: sql`now()` })
    .where(and(eq(diningTables.storeId, who.storeId), eq(diningTables.id, tableId)))
    .returning();
  if (!after) throw new Error("table not saved");
  await recordChange(tx, {
    storeId: who.storeId,
    staffId: who.staffId,
    action: "table.update",
    subject: `table:${tableId}`,
    before: audited(before),
    after: audited(after),
  });
  return staffTableOf(after);
}

/** A new code for the table: every printed copy of the old one stops opening it at once. */
export async function rotateTableCode(db: Database, who: TableKeeper, tableId: number): Promise<StaffTable> {
  return db.transaction(async (tx) => {
    const before = await lockedTable(tx, who.storeId, tableId);
    const codeVersion = before.codeVersion + 1;
    const code = tableCode(who.codeKey, { storeId: who.storeId, id: tableId, codeVersion });
    const [after] = await tx
      .update(diningTables)
      .set({ codeVersion, codeHash: tableCodeHash(code), codeMadeAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(diningTables.storeId, who.storeId), eq(diningTables.id, tableId)))
      .returning();
    if (!after) throw new Error("table code not rotated");
    await recordChange(tx, {
      storeId: who.storeId,
      staffId: who.staffId,
      action: "table.rotateCode",
      subject: `table:${tableId}`,
      before: { codeVersion: before.codeVersion },
      after: { codeVersion },
    });
    return staffTableOf(after);
  });
}

/**
 * The codes to print: the asked tables (every active one when none is asked), each with the address
 * its QR code opens on the shop's storefront. A deactivated table is left off: its code opens nothing.
 */
export async function tableSheet(
  db: Database,
  sheet: { storeId: number; storeName: string; codeKey: Buffer; origin: string; tableIds: number[] },
): Promise<StaffTableSheet> {
  const conditions: SQL[] = [eq(diningTables.storeId, sheet.storeId), eq(diningTables.active, true)];
  if (sheet.tableIds.length > 0) conditions.push(inArray(diningTables.id, sheet.tableIds));
  const rows = await db
    .select()
    .from(diningTables)
    .where(and(...conditions))
    .orderBy(asc(diningTables.area), asc(diningTables.id));
  return {
    storeName: sheet.storeName,
    codes: rows.map((row) => ({
      tableId: row.id,
      name: row.name,
      area: row.area,
      url: `${sheet.origin}/menu?table=${tableCode(sheet.codeKey, row)}`,
    })),
  };
}
