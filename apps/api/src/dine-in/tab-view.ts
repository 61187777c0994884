import type { Tab, TabLine, TabRound, TabShare } from "@stoa/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Database, Tx } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { ApiError } from "../platform/http/errors.ts";
import { type TableTabRow, tableTabs } from "./tables.ts";

/*
 * A tab as its diners and the staff see it (contract `Tab`), read in one statement: the tab with
 * its table, rounds, lines, shares and diners as JSON, so a page polling every few seconds costs
 * the database one indexed read per tab (decision 065).
 */

/** Takes the tab's lock (decision 065: every change of a tab takes it first) and returns the row. */
export async function lockTab(tx: Tx, storeId: number, tabId: number): Promise<TableTabRow> {
  const [tab] = await tx
    .select()
    .from(tableTabs)
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.id, tabId)))
    .for("update");
  if (!tab) throw new ApiError("NOT_FOUND");
  return tab;
}

/** The tab a table has open (taking rounds or asking for the bill), if any. */
export async function openTabOf(
  db: Database | Tx,
  storeId: number,
  tableId: number,
): Promise<TableTabRow | null> {
  const [tab] = await db
    .select()
    .from(tableTabs)
    .where(
      and(
        eq(tableTabs.storeId, storeId),
        eq(tableTabs.tableId, tableId),
        inArray(tableTabs.status, ["open", "billing"]),
      ),
    )
    .limit(1);
  return tab ?? null;
}

/** A tab line as the dine-in statements select it (JSON, column names). */
export type LineJson = {
  id: number;
  product_id: number;
  variation_id: number | null;
  name: string;
  options: string[];
  note: string;
  unit_price: number;
  quantity: number;
  line_total: number;
  tax: number;
  voided_at: string | null;
  void_reason: string | null;
  share_id: number | null;
};
type TabLineJson = LineJson & { round_id: number };
type RoundJson = { id: number; ticket: number; status: TabRound["status"]; diner_name: string; at: string };
type ShareJson = {
  id: number;
  kind: TabShare["kind"];
  part: number | null;
  parts: number | null;
  goods: number;
  tip: number;
  amount: number;
  way: string;
  status: "paying" | "paid" | "failed";
  payer_name: string;
};
type TabJson = {
  id: number;
  status: Tab["status"];
  confirmed: boolean;
  version: number;
  opened_at: string;
  currency: string;
  discount: number;
  coupon_code: string | null;
  even_parts: number | null;
  counter_asked: boolean;
  order_number: number | null;
  table: { id: number; name: string; area: string; seats: number };
  rounds: RoundJson[] | null;
  lines: TabLineJson[] | null;
  shares: ShareJson[] | null;
  diners: string[] | null;
};

const tabJson = statement<{ tab: TabJson }>(
  "dine_in_tab_view",
  `SELECT json_build_object(
     'id', t.id, 'status', t.status, 'confirmed', t.confirmed_at IS NOT NULL, 'version', t.version,
     'opened_at', t.created_at, 'currency', t.currency, 'discount', t.discount,
     'coupon_code', t.coupon_code, 'even_parts', t.even_parts, 'counter_asked', t.counter_asked,
     'order_number', (SELECT o.order_number FROM orders o WHERE o.store_id = t.store_id AND o.id = t.order_id),
     'table', json_build_object('id', d.id, 'name', d.name, 'area', d.area, 'seats', d.seats),
     'rounds', (SELECT json_agg(json_build_object('id', r.id, 'ticket', r.ticket, 'status', r.status,
                  'diner_name', r.diner_name, 'at', coalesce(r.sent_at, r.created_at)) ORDER BY r.ticket)
                FROM tab_rounds r WHERE r.store_id = t.store_id AND r.tab_id = t.id),
     'lines', (SELECT json_agg(json_build_object('id', l.id, 'round_id', l.round_id, 'product_id', l.product_id,
                  'variation_id', l.variation_id, 'name', l.name, 'options', l.options, 'note', l.note,
                  'unit_price', l.unit_price, 'quantity', l.quantity, 'line_total', l.line_total, 'tax', l.tax,
                  'voided_at', l.voided_at, 'void_reason', l.void_reason, 'share_id', l.share_id)
                  ORDER BY l.round_id, l.position)
               FROM tab_lines l WHERE l.store_id = t.store_id AND l.tab_id = t.id),
     'shares', (SELECT json_agg(json_build_object('id', s.id, 'kind', s.kind, 'part', s.part, 'parts', s.parts,
                  'goods', s.goods, 'tip', s.tip, 'amount', s.amount, 'way', s.way, 'status', s.status,
                  'payer_name', s.payer_name) ORDER BY s.id)
                FROM tab_shares s WHERE s.store_id = t.store_id AND s.tab_id = t.id AND s.status <> 'failed'),
     'diners', (SELECT json_agg(p.diner_name ORDER BY p.created_at)
                FROM table_passes p
               WHERE p.store_id = t.store_id AND p.tab_id = t.id AND p.diner_name IS NOT NULL)
   ) AS tab
   FROM table_tabs t
   JOIN dining_tables d ON d.store_id = t.store_id AND d.id = t.table_id
   WHERE t.store_id = $1 AND t.id = $2`,
);

/** A line in the contract's shape, for the tab and the kitchen's tickets alike. */
export const lineOf = (line: LineJson): TabLine => ({
  id: line.id,
  productId: line.product_id,
  variationId: line.variation_id,
  name: line.name,
  options: line.options,
  note: line.note,
  unitPrice: line.unit_price,
  quantity: line.quantity,
  lineTotal: line.line_total,
  voided: line.voided_at !== null,
  voidReason: line.void_reason,
  paidByShareId: line.share_id,
});

/** What counts on the bill: every line not voided. */
const counted = (line: LineJson) => line.voided_at === null;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The tab in the contract's shape. `you` is the diner's name at the tab (null for staff). Menu
 * prices are what diners pay: a line's tax is the part of its price that is tax (decision 065).
 */
export async function readTab(
  db: Database | Tx,
  storeId: number,
  tabId: number,
  you: string | null,
): Promise<Tab> {
  const [row] = await run(db, tabJson, [storeId, tabId]);
  if (!row) throw new ApiError("NOT_FOUND");
  const tab = row.tab;
  const lines = tab.lines ?? [];
  const shares = (tab.shares ?? []).map(
    (share): TabShare => ({
      id: share.id,
      kind: share.kind,
      part: share.part,
      parts: share.parts,
      goods: share.goods,
      tip: share.tip,
      amount: share.amount,
      way: share.way === "card" ? "card" : "counter",
      status: share.status === "paid" ? "paid" : "paying",
      payerName: share.payer_name,
    }),
  );
  const goods = sum(lines.filter(counted).map((line) => line.line_total));
  const total = Math.max(0, goods - tab.discount);
  const paidShares = shares.filter((share) => share.status === "paid");
  const paid = sum(paidShares.map((share) => share.goods));
  return {
    id: tab.id,
    table: tab.table,
    status: tab.status,
    confirmed: tab.confirmed,
    version: tab.version,
    openedAt: new Date(tab.opened_at).toISOString(),
    currency: tab.currency,
    rounds: (tab.rounds ?? []).map((round) => {
      const roundLines = lines.filter((line) => line.round_id === round.id);
      return {
        id: round.id,
        ticket: round.ticket,
        status: round.status,
        dinerName: round.diner_name,
        sentAt: new Date(round.at).toISOString(),
        lines: roundLines.map(lineOf),
        total: sum(roundLines.filter(counted).map((line) => line.line_total)),
      };
    }),
    diners: tab.diners ?? [],
    you,
    goods,
    discount: tab.discount,
    couponCode: tab.coupon_code,
    total,
    tax: sum(lines.filter(counted).map((line) => line.tax)),
    paid,
    tips: sum(paidShares.map((share) => share.tip)),
    balance: Math.max(0, total - paid),
    evenParts: tab.even_parts,
    shares,
    counterAsked: tab.counter_asked,
    orderNumber: tab.order_number,
  };
}
