import { IN_STORE_TOKEN_MAX_AGE_SECONDS, localized, type TableScan } from "@stoa/contract";
import { authenticate } from "../auth/sessions.ts";
import { THROTTLES, throttle } from "../auth/throttle.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { issueDinerPass } from "./passes.ts";
import { openTabOf, readTab } from "./tab-view.ts";
import { findTableByCode } from "./table-codes.ts";

/**
 * The signed-in shopper (or guest) scanning, so the paid bill lands in their orders; a missing,
 * stale or other kind of token counts as nobody: scanning never needs an account.
 */
async function scanningCustomer(db: Database, ctx: RequestContext): Promise<number | null> {
  if (!ctx.caller.bearerToken) return null;
  return authenticate(db, ctx, { unverifiedMayCall: true }).then(
    ({ customer }) => customer.id,
    () => null,
  );
}

/**
 * `POST api/storeTable/scan`: the table the code opens, a new in-store pass for it, and its open
 * tab if there is one, which the pass joins (decision 065: a diner who lost the page finds the
 * table's tab again by scanning again; after a tab is paid a scan finds none, so the next party
 * never sees the last one's). Scans are throttled per client address; a code that opens no table
 * is TABLE_CODE_UNKNOWN.
 */
export async function scanTable(db: Database, ctx: RequestContext, code: string): Promise<TableScan> {
  await throttle(db, `table-scan:ip:${ctx.caller.ip}`, THROTTLES.tableScanPerIp);
  const table = await findTableByCode(db, ctx.store.id, code);
  if (!table) throw new ApiError("TABLE_CODE_UNKNOWN");
  const customerId = await scanningCustomer(db, ctx);
  const open = await openTabOf(db, ctx.store.id, table.id);
  const token = await issueDinerPass(db, {
    storeId: ctx.store.id,
    tableId: table.id,
    tabId: open?.id ?? null,
    customerId,
  });
  return {
    token,
    expiresInSeconds: IN_STORE_TOKEN_MAX_AGE_SECONDS,
    table: { id: table.id, name: table.name, area: table.area, seats: table.seats },
    storeName: localized(ctx.store.nameLocalizations, ctx.locale),
    tab: open ? await readTab(db, ctx.store.id, open.id, null) : null,
  };
}
