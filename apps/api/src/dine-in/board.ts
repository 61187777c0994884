import { createHash } from "node:crypto";
import type { StaffBoard, StaffBoardTable, TableBoardState, TabStatus } from "@stoa/contract";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";

/*
 * The live table board: every table of the shop with how it stands, read in one statement (the
 * tables, each one's open tab, and its goods, rounds and paid shares by lateral joins on their
 * indexes), whatever the number of tables.
 */

type BoardRow = {
  id: number;
  name: string;
  area: string;
  seats: number;
  active: boolean;
  code_made_at: string;
  tab_id: number | null;
  status: TabStatus | null;
  confirmed: boolean;
  diners: number;
  counter_asked: boolean;
  discount: number;
  goods: number;
  paid: number;
  held: number;
  cooking: number;
  minutes: number | null;
};

const board = statement<BoardRow>(
  "dine_in_board",
  `SELECT d.id, d.name, d.area, d.seats, d.active, d.code_made_at,
          t.id AS tab_id, t.status, t.confirmed_at IS NOT NULL AS confirmed,
          coalesce(t.diner_count, 0)::int AS diners, coalesce(t.counter_asked, false) AS counter_asked,
          coalesce(t.discount, 0)::int AS discount,
          coalesce(g.goods, 0)::int AS goods, coalesce(s.paid, 0)::int AS paid,
          coalesce(r.held, 0)::int AS held, coalesce(r.cooking, 0)::int AS cooking,
          floor(extract(epoch FROM now() - t.last_round_at) / 60)::int AS minutes
     FROM dining_tables d
     LEFT JOIN table_tabs t
       ON t.store_id = d.store_id AND t.table_id = d.id AND t.status IN ('open', 'billing')
     LEFT JOIN LATERAL (
       SELECT sum(l.line_total) AS goods FROM tab_lines l
        WHERE l.store_id = t.store_id AND l.tab_id = t.id AND l.voided_at IS NULL) g ON t.id IS NOT NULL
     LEFT JOIN LATERAL (
       SELECT count(*) FILTER (WHERE r.status = 'held') AS held,
              count(*) FILTER (WHERE r.status IN ('sent', 'preparing')) AS cooking
         FROM tab_rounds r WHERE r.store_id = t.store_id AND r.tab_id = t.id) r ON t.id IS NOT NULL
     LEFT JOIN LATERAL (
       SELECT sum(sh.goods) AS paid FROM tab_shares sh
        WHERE sh.store_id = t.store_id AND sh.tab_id = t.id AND sh.status = 'paid') s ON t.id IS NOT NULL
    WHERE d.store_id = $1
    ORDER BY lower(d.area), lower(d.name), d.id`,
);

/** How a table looks on the board, from its open tab (if any) and that tab's rounds. */
export function boardStateOf(row: {
  active: boolean;
  status: TabStatus | null;
  confirmed: boolean;
  counterAsked: boolean;
  held: number;
  cooking: number;
}): TableBoardState {
  if (row.status === null) return row.active ? "free" : "inactive";
  if (row.status === "billing" || row.counterAsked) return "billAsked";
  if (!row.confirmed) return "unconfirmed";
  return row.cooking > 0 ? "waitingForFood" : "ordering";
}

/**
 * A board's version: a digest of what it shows, so a polling board redraws exactly when a table
 * changed (a round, a move, a payment, a minute more since the last round).
 */
export const versionOf = (content: unknown): string =>
  createHash("sha256").update(JSON.stringify(content)).digest("base64url").slice(0, 16);

export async function tableBoard(db: Database, storeId: number, currency: string): Promise<StaffBoard> {
  const rows = await run(db, board, [storeId]);
  const tables = rows.map((row): StaffBoardTable => {
    const total = Math.max(0, row.goods - row.discount);
    return {
      table: {
        id: row.id,
        name: row.name,
        area: row.area,
        seats: row.seats,
        active: row.active,
        codeMadeAt: new Date(row.code_made_at).toISOString(),
      },
      state: boardStateOf({ ...row, counterAsked: row.counter_asked }),
      tabId: row.tab_id,
      diners: row.diners,
      goods: row.goods,
      balance: Math.max(0, total - row.paid),
      heldRounds: row.held,
      minutesSinceLastRound: row.minutes,
      counterAsked: row.counter_asked,
    };
  });
  return { currency, tables, version: versionOf(tables) };
}
