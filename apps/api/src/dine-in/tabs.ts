import { guestName, type Locale, type Tab } from "@stoa/contract";
import type { Database, Tx } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { Diner } from "./passes.ts";
import { lockTab, openTabOf, readTab } from "./tab-view.ts";
import type { TableTabRow } from "./tables.ts";

/*
 * Opening a table's tab and joining it (decision 065): at most one tab per table is open or asking
 * for the bill (a partial unique index), so opening is an INSERT … ON CONFLICT DO NOTHING followed
 * by a read of the one open tab under its lock. Ten first scans at once therefore join one tab.
 */

/** The table, when it is the store's and active: a deactivated table's tab cannot be opened. */
const activeTable = statement<{ id: number; currency: string }>(
  "dine_in_active_table",
  `SELECT d.id, s.currency FROM dining_tables d JOIN stores s ON s.id = d.store_id
    WHERE d.store_id = $1 AND d.id = $2 AND d.active`,
);

/** A new tab for the table unless one is open: the partial unique index makes the second a no-op. */
const insertTab = statement<{ id: number }>(
  "dine_in_insert_tab",
  `INSERT INTO table_tabs (store_id, table_id, currency, confirmed_at, confirmed_by)
   VALUES ($1, $2, $3, CASE WHEN $4::int IS NULL THEN NULL ELSE now() END, $4::int)
   ON CONFLICT (store_id, table_id) WHERE status IN ('open', 'billing') DO NOTHING
   RETURNING id`,
);

/** The active table's currency, or NOT_FOUND. */
async function tableCurrency(db: Database | Tx, storeId: number, tableId: number): Promise<string> {
  const [table] = await run(db as Database, activeTable, [storeId, tableId]);
  if (!table) throw new ApiError("NOT_FOUND");
  return table.currency;
}

/**
 * The table's open tab, locked: the one there, or a new unconfirmed one. Call inside a transaction.
 */
export async function openOrJoinTableTab(tx: Tx, storeId: number, tableId: number): Promise<TableTabRow> {
  const currency = await tableCurrency(tx, storeId, tableId);
  const [created] = await run(tx as unknown as Database, insertTab, [storeId, tableId, currency, null]);
  const tabId = created?.id ?? (await openTabOf(tx, storeId, tableId))?.id;
  if (tabId === undefined) throw new ApiError("NOT_FOUND");
  return lockTab(tx, storeId, tabId);
}

const joinPass = statement<{ diner_name: string }>(
  "dine_in_join_pass",
  `UPDATE table_passes SET tab_id = $3, diner_name = $4
    WHERE token_hash = $1 AND store_id = $2
    RETURNING diner_name`,
);

const countDiner = statement<{ id: number }>(
  "dine_in_count_diner",
  `UPDATE table_tabs SET diner_count = diner_count + $3, version = version + 1, updated_at = now()
    WHERE store_id = $1 AND id = $2 RETURNING id`,
);

/**
 * The diner joins the locked tab under the name they typed, or "Guest n" (n counted under the
 * tab's lock, so two unnamed diners are never both "Guest 2"). A diner who joined already keeps
 * their name unless they send a new one.
 */
export async function joinTab(
  tx: Tx,
  diner: Diner,
  tab: TableTabRow,
  typedName: string,
  locale: Locale,
): Promise<string> {
  const db = tx as unknown as Database;
  const joined = diner.tabId === tab.id && diner.dinerName !== null;
  const name = typedName || (joined ? diner.dinerName : null) || guestName(tab.dinerCount + 1, locale);
  if (joined && name === diner.dinerName) return name;
  await run(db, joinPass, [diner.tokenHash, diner.storeId, tab.id, name]);
  // A rename is news for the others' pages; only a new diner counts towards "Guest n".
  await run(db, countDiner, [diner.storeId, tab.id, joined ? 0 : 1]);
  return name;
}

/** `create/cateringOrder`: the diner's table's open tab, or a new one, joined under their name. */
export async function openTab(db: Database, diner: Diner, dinerName: string, locale: Locale): Promise<Tab> {
  return db.transaction(async (tx) => {
    const tab = await openOrJoinTableTab(tx, diner.storeId, diner.tableId);
    const you = await joinTab(tx, diner, tab, dinerName, locale);
    return readTab(tx, diner.storeId, tab.id, you);
  });
}

/**
 * `detail/cateringOrder`: the tab the diner joined; before joining, the table's open tab (a scan
 * shows it too), else NOT_FOUND, which the table page reads as "no tab yet".
 */
export async function dinerTab(db: Database, diner: Diner): Promise<Tab> {
  if (diner.tabId !== null) return readTab(db, diner.storeId, diner.tabId, diner.dinerName);
  const open = await openTabOf(db, diner.storeId, diner.tableId);
  if (!open) throw new ApiError("NOT_FOUND");
  return readTab(db, diner.storeId, open.id, null);
}

/**
 * Staff seat a party: the table's tab opened confirmed, so its rounds go straight to the kitchen.
 * A table that has a tab already is TABLE_BUSY.
 */
export async function seatTable(
  db: Database,
  storeId: number,
  tableId: number,
  staffId: number,
): Promise<Tab> {
  return db.transaction(async (tx) => {
    const currency = await tableCurrency(tx, storeId, tableId);
    const [created] = await run(tx as unknown as Database, insertTab, [storeId, tableId, currency, staffId]);
    if (!created) throw new ApiError("TABLE_BUSY");
    return readTab(tx, storeId, created.id, null);
  });
}
