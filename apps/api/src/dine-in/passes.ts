import { IN_STORE_TOKEN_MAX_AGE_SECONDS } from "@stoa/contract";
import { newToken, sha256 } from "../auth/crypto.ts";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";

/**
 * A diner at a table, as their in-store token names them (spec §6): the store and table it was
 * scanned at, the tab it joined (none before `create/cateringOrder`), the customer who was signed
 * in when scanning, and the name they gave the table.
 */
export type Diner = {
  tokenHash: string;
  storeId: number;
  tableId: number;
  tabId: number | null;
  customerId: number | null;
  dinerName: string | null;
};

type PassRow = {
  token_hash: string;
  store_id: number;
  table_id: number;
  tab_id: number | null;
  customer_id: number | null;
  diner_name: string | null;
};

const dinerOf = (row: PassRow): Diner => ({
  tokenHash: row.token_hash,
  storeId: row.store_id,
  tableId: row.table_id,
  tabId: row.tab_id,
  customerId: row.customer_id,
  dinerName: row.diner_name,
});

/*
 * One statement finds the pass and keeps it alive: a live pass whose tab is open (or asking for
 * the bill) gets another ten minutes from now; a pass not joined to a tab yet keeps the ten minutes
 * of its scan; a pass whose tab is paid or closed is dead at once, whatever its expiry says.
 */
const usePass = statement<PassRow>(
  "dine_in_use_pass",
  `UPDATE table_passes p
      SET expires_at = CASE WHEN p.tab_id IS NULL THEN p.expires_at
                            ELSE greatest(p.expires_at, now() + make_interval(secs => $2::int)) END
    WHERE p.token_hash = $1
      AND p.expires_at > now()
      AND (p.tab_id IS NULL OR EXISTS (
            SELECT 1 FROM table_tabs t
             WHERE t.store_id = p.store_id AND t.id = p.tab_id AND t.status IN ('open', 'billing')))
    RETURNING p.token_hash, p.store_id, p.table_id, p.tab_id, p.customer_id, p.diner_name`,
);

/**
 * The diner behind the bearer token of a table call: 401 without a token, 104 for a token that is
 * not a live in-store pass (a shopper's or staff token included: theirs are other tables), 403 for a
 * pass another store issued.
 */
export async function authenticateDiner(db: Database, ctx: RequestContext): Promise<Diner> {
  const token = ctx.caller.bearerToken;
  if (!token) throw new ApiError("UNAUTHORIZED");
  const [row] = await run(db, usePass, [sha256(token), IN_STORE_TOKEN_MAX_AGE_SECONDS]);
  if (!row) throw new ApiError("INVALID_SESSION");
  if (row.store_id !== ctx.store.id) throw new ApiError("FORBIDDEN");
  return dinerOf(row);
}

const issuePass = statement<{ token_hash: string }>(
  "dine_in_issue_pass",
  `INSERT INTO table_passes (token_hash, store_id, table_id, tab_id, customer_id, expires_at)
   VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::int))
   RETURNING token_hash`,
);

/** A new in-store pass for a table (and its open tab, when the scan found one): its token, once. */
export async function issueDinerPass(
  db: Database,
  pass: { storeId: number; tableId: number; tabId: number | null; customerId: number | null },
): Promise<string> {
  const token = newToken();
  await run(db, issuePass, [
    sha256(token),
    pass.storeId,
    pass.tableId,
    pass.tabId,
    pass.customerId,
    IN_STORE_TOKEN_MAX_AGE_SECONDS,
  ]);
  return token;
}
