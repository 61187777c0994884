import type { Tab } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import { isUniqueViolation } from "../customers/service.ts";
import { releaseStock } from "../inventory/service.ts";
import type { Database, Tx } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { lockTab, openTabOf, readTab } from "./tab-view.ts";
import { diningTables, type TableTabRow, tabLines, tablePasses, tableTabs, tabRounds } from "./tables.ts";

/*
 * What staff do to a tab from the board and the tab page. Each change takes the tab's lock first
 * (both tabs' locks, in id order, for a merge), bumps its version for the polling pages, and writes
 * an audit row where money or goods change (a void, a merge, a move).
 */

export type TabActor = { storeId: number; staffId: number };

const live = (tab: TableTabRow) => tab.status === "open" || tab.status === "billing";

async function bump(
  tx: Tx,
  storeId: number,
  tabId: number,
  changes: Partial<typeof tableTabs.$inferInsert> = {},
) {
  await tx
    .update(tableTabs)
    .set({ ...changes, version: sql`${tableTabs.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(tableTabs.storeId, storeId), eq(tableTabs.id, tabId)));
}

/** Held rounds of the tab go to the kitchen, sent now. */
async function sendHeldRounds(tx: Tx, storeId: number, tabId: number) {
  await tx
    .update(tabRounds)
    .set({ status: "sent", sentAt: sql`now()`, statusChangedAt: sql`now()` })
    .where(and(eq(tabRounds.storeId, storeId), eq(tabRounds.tabId, tabId), eq(tabRounds.status, "held")));
}

/**
 * Staff confirm a tab diners opened (the party is sitting there): its held rounds go to the
 * kitchen. Confirming again sends any round still held (one moved in by a merge) and answers the tab.
 */
export async function confirmTab(db: Database, actor: TabActor, tabId: number): Promise<Tab> {
  return db.transaction(async (tx) => {
    const tab = await lockTab(tx, actor.storeId, tabId);
    if (!live(tab)) throw new ApiError("TAB_NOT_OPEN");
    await sendHeldRounds(tx, actor.storeId, tabId);
    await bump(
      tx,
      actor.storeId,
      tabId,
      tab.confirmedAt ? {} : { confirmedAt: new Date(), confirmedBy: actor.staffId },
    );
    return readTab(tx, actor.storeId, tabId, null);
  });
}

async function activeTable(tx: Tx, storeId: number, tableId: number) {
  const [table] = await tx
    .select({ id: diningTables.id, name: diningTables.name, active: diningTables.active })
    .from(diningTables)
    .where(and(eq(diningTables.storeId, storeId), eq(diningTables.id, tableId)));
  if (!table?.active) throw new ApiError("NOT_FOUND");
  return table;
}

/**
 * Moves a tab (the party changed tables) to a table with no open tab; its diners' passes move with
 * it. The partial unique index refuses a table taken meanwhile: TABLE_BUSY either way.
 */
export async function moveTab(db: Database, actor: TabActor, tabId: number, tableId: number): Promise<Tab> {
  try {
    return await db.transaction(async (tx) => {
      const tab = await lockTab(tx, actor.storeId, tabId);
      if (!live(tab)) throw new ApiError("TAB_NOT_OPEN");
      const table = await activeTable(tx, actor.storeId, tableId);
      if (tab.tableId === tableId || (await openTabOf(tx, actor.storeId, tableId)))
        throw new ApiError("TABLE_BUSY");
      await bump(tx, actor.storeId, tabId, { tableId });
      await tx
        .update(tablePasses)
        .set({ tableId })
        .where(and(eq(tablePasses.storeId, actor.storeId), eq(tablePasses.tabId, tabId)));
      await recordChange(tx as unknown as Database, {
        storeId: actor.storeId,
        staffId: actor.staffId,
        action: "tab.move",
        subject: `tab:${tabId}`,
        before: { tableId: tab.tableId },
        after: { tableId, tableName: table.name },
      });
      return readTab(tx, actor.storeId, tabId, null);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("TABLE_BUSY");
    throw error;
  }
}

/**
 * Merges one table's tab into another's (two tables pushed together): its rounds (numbered after
 * the other tab's tickets), lines and diners' passes move over, and it ends `closed`, pointing at
 * the tab it went into. Both tabs must still take rounds: a bill asked for is an order already.
 */
export async function mergeTabs(
  db: Database,
  actor: TabActor,
  tabId: number,
  intoTabId: number,
): Promise<Tab> {
  if (tabId === intoTabId) throw new ApiError("INVALID_INPUT", { intoTabId: "error-invalid" });
  const { storeId } = actor;
  return db.transaction(async (tx) => {
    // Both locks in id order: two merges of the same pair the other way round never wait in a circle.
    const [first, second] = tabId < intoTabId ? [tabId, intoTabId] : [intoTabId, tabId];
    const locked = [await lockTab(tx, storeId, first), await lockTab(tx, storeId, second)];
    const from = locked.find((tab) => tab.id === tabId) as TableTabRow;
    const into = locked.find((tab) => tab.id === intoTabId) as TableTabRow;
    if (from.status !== "open" || into.status !== "open") throw new ApiError("TAB_NOT_OPEN");

    const moved = await tx
      .update(tabRounds)
      .set({ tabId: intoTabId, ticket: sql`${tabRounds.ticket} + ${into.nextTicket - 1}` })
      .where(and(eq(tabRounds.storeId, storeId), eq(tabRounds.tabId, tabId)))
      .returning({ id: tabRounds.id, ticket: tabRounds.ticket });
    await tx
      .update(tabLines)
      .set({ tabId: intoTabId })
      .where(and(eq(tabLines.storeId, storeId), eq(tabLines.tabId, tabId)));
    await tx
      .update(tablePasses)
      .set({ tabId: intoTabId, tableId: into.tableId })
      .where(and(eq(tablePasses.storeId, storeId), eq(tablePasses.tabId, tabId)));
    // Rounds staff never saw stay held unless the tab they join is confirmed.
    if (into.confirmedAt) await sendHeldRounds(tx, storeId, intoTabId);
    const lastTicket = Math.max(into.nextTicket - 1, ...moved.map((round) => round.ticket));
    await bump(tx, storeId, intoTabId, {
      nextTicket: lastTicket + 1,
      dinerCount: into.dinerCount + from.dinerCount,
      lastRoundAt:
        from.lastRoundAt && (!into.lastRoundAt || from.lastRoundAt > into.lastRoundAt)
          ? from.lastRoundAt
          : into.lastRoundAt,
    });
    await bump(tx, storeId, tabId, {
      status: "closed",
      closedAt: new Date(),
      closeReason: "merged",
      mergedIntoTabId: intoTabId,
    });
    await recordChange(tx as unknown as Database, {
      storeId,
      staffId: actor.staffId,
      action: "tab.merge",
      subject: `tab:${tabId}`,
      before: { tabId, tableId: from.tableId },
      after: { intoTabId, tableId: into.tableId, rounds: moved.map((round) => round.id) },
    });
    return readTab(tx, storeId, intoTabId, null);
  });
}

/**
 * Voids a line sent by mistake, with the reason kept beside it. A line a share paid (or is paying)
 * cannot be voided (SHARE_TAKEN). Its stock comes back while the kitchen has not started the round.
 */
export async function voidLine(
  db: Database,
  actor: TabActor,
  body: { tabId: number; lineId: number; reason: string },
): Promise<Tab> {
  const { storeId } = actor;
  return db.transaction(async (tx) => {
    const tab = await lockTab(tx, storeId, body.tabId);
    const [line] = await tx
      .select({ line: tabLines, roundStatus: tabRounds.status })
      .from(tabLines)
      .innerJoin(tabRounds, and(eq(tabRounds.storeId, tabLines.storeId), eq(tabRounds.id, tabLines.roundId)))
      .where(
        and(eq(tabLines.storeId, storeId), eq(tabLines.tabId, body.tabId), eq(tabLines.id, body.lineId)),
      );
    if (!line) throw new ApiError("NOT_FOUND");
    if (line.line.voidedAt) return readTab(tx, storeId, body.tabId, null);
    if (!live(tab)) throw new ApiError("TAB_NOT_OPEN");
    if (line.line.shareId !== null) throw new ApiError("SHARE_TAKEN");
    await tx
      .update(tabLines)
      .set({ voidedAt: sql`now()`, voidReason: body.reason, voidedBy: actor.staffId })
      .where(and(eq(tabLines.storeId, storeId), eq(tabLines.id, body.lineId)));
    if (line.roundStatus === "held" || line.roundStatus === "sent")
      await releaseStock(tx as unknown as Database, storeId, [
        { productId: line.line.productId, variationId: line.line.variationId, quantity: line.line.quantity },
      ]);
    await bump(tx, storeId, body.tabId);
    await recordChange(tx as unknown as Database, {
      storeId,
      staffId: actor.staffId,
      action: "tab.void_line",
      subject: `tab:${body.tabId}`,
      before: {
        lineId: body.lineId,
        name: line.line.name,
        quantity: line.line.quantity,
        lineTotal: line.line.lineTotal,
      },
      after: { voided: true, reason: body.reason },
    });
    return readTab(tx, storeId, body.tabId, null);
  });
}
