import type { KitchenMove, KitchenQueue, KitchenTicket, RoundStatus } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { ApiError } from "../platform/http/errors.ts";
import { versionOf } from "./board.ts";
import { type LineJson, lineOf, lockTab } from "./tab-view.ts";
import { tableTabs, tabRounds } from "./tables.ts";

/*
 * The kitchen screen: tickets to cook oldest first, and the last few served so a wrong "done" can
 * be undone. A move takes the round's tab lock first, as every change of a tab does (decision 065).
 */

/** How many served tickets the screen keeps, newest first, for an undo. */
export const SERVED_SHOWN = 10;

/** Forward one step (sent → preparing → served) or back one (an undo); held rounds never move. */
export function kitchenMoveAllowed(from: RoundStatus, to: KitchenMove): boolean {
  switch (from) {
    case "sent":
      return to === "preparing";
    case "preparing":
      return to === "served" || to === "sent";
    case "served":
      return to === "preparing";
    case "held":
      return false;
  }
}

type TicketJson = {
  round_id: number;
  tab_id: number;
  table_name: string;
  ticket: number;
  status: RoundStatus;
  diner_name: string;
  sent_at: string;
  lines: LineJson[] | null;
};

const ticketSelect = `json_build_object('round_id', r.id, 'tab_id', r.tab_id, 'table_name', d.name,
     'ticket', r.ticket, 'status', r.status, 'diner_name', r.diner_name, 'sent_at', r.sent_at,
     'lines', (SELECT json_agg(json_build_object('id', l.id, 'product_id', l.product_id,
                 'variation_id', l.variation_id, 'name', l.name, 'options', l.options, 'note', l.note,
                 'unit_price', l.unit_price, 'quantity', l.quantity, 'line_total', l.line_total,
                 'voided_at', l.voided_at, 'void_reason', l.void_reason, 'share_id', l.share_id)
                 ORDER BY l.position)
               FROM tab_lines l WHERE l.store_id = r.store_id AND l.round_id = r.id AND l.tab_id = r.tab_id))`;

/** Both lists in one statement, each by its partial index. */
const queue = statement<{ tickets: TicketJson[] | null; served: TicketJson[] | null }>(
  "dine_in_kitchen_queue",
  `SELECT
     (SELECT json_agg(x.j ORDER BY x.sent_at, x.id) FROM (
        SELECT ${ticketSelect} AS j, r.sent_at, r.id
          FROM tab_rounds r
          JOIN table_tabs t ON t.store_id = r.store_id AND t.id = r.tab_id
          JOIN dining_tables d ON d.store_id = t.store_id AND d.id = t.table_id
         WHERE r.store_id = $1 AND r.status IN ('sent', 'preparing')) x) AS tickets,
     (SELECT json_agg(x.j ORDER BY x.changed DESC, x.id DESC) FROM (
        SELECT ${ticketSelect} AS j, r.status_changed_at AS changed, r.id
          FROM tab_rounds r
          JOIN table_tabs t ON t.store_id = r.store_id AND t.id = r.tab_id
          JOIN dining_tables d ON d.store_id = t.store_id AND d.id = t.table_id
         WHERE r.store_id = $1 AND r.status = 'served'
         ORDER BY r.status_changed_at DESC, r.id DESC LIMIT $2) x) AS served`,
);

const ticketOf = (ticket: TicketJson): KitchenTicket => ({
  roundId: ticket.round_id,
  tabId: ticket.tab_id,
  tableName: ticket.table_name,
  ticket: ticket.ticket,
  status: ticket.status,
  dinerName: ticket.diner_name,
  sentAt: new Date(ticket.sent_at).toISOString(),
  lines: (ticket.lines ?? []).map(lineOf),
});

export async function kitchenQueue(db: Database, storeId: number): Promise<KitchenQueue> {
  const [row] = await run(db, queue, [storeId, SERVED_SHOWN]);
  const tickets = (row?.tickets ?? []).map(ticketOf);
  const served = (row?.served ?? []).map(ticketOf);
  return { tickets, served, version: versionOf([tickets, served]) };
}

const roundTab = statement<{ tab_id: number }>(
  "dine_in_round_tab",
  "SELECT tab_id FROM tab_rounds WHERE store_id = $1 AND id = $2",
);

/**
 * Moves a ticket one step, under its tab's lock. A tap on a ticket already where it was sent (two
 * cooks tapping "Start" at once) changes nothing and answers the queue.
 */
export async function moveTicket(
  db: Database,
  storeId: number,
  roundId: number,
  to: KitchenMove,
): Promise<KitchenQueue> {
  const [found] = await run(db, roundTab, [storeId, roundId]);
  if (!found) throw new ApiError("NOT_FOUND");
  await db.transaction(async (tx) => {
    await lockTab(tx, storeId, found.tab_id);
    const [round] = await tx
      .select({ status: tabRounds.status })
      .from(tabRounds)
      .where(and(eq(tabRounds.storeId, storeId), eq(tabRounds.id, roundId)));
    if (!round) throw new ApiError("NOT_FOUND");
    if (round.status === to) return;
    if (!kitchenMoveAllowed(round.status, to)) throw new ApiError("KITCHEN_MOVE_INVALID");
    await tx
      .update(tabRounds)
      .set({ status: to, statusChangedAt: sql`now()` })
      .where(and(eq(tabRounds.storeId, storeId), eq(tabRounds.id, roundId)));
    await tx
      .update(tableTabs)
      .set({ version: sql`${tableTabs.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.id, found.tab_id)));
  });
  return kitchenQueue(db, storeId);
}
