import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../platform/db/database.ts";
import {
  diningTables,
  type TabLineRow,
  type TableTabRow,
  type TabShareRow,
  tabLines,
  tableTabs,
  tabShares,
} from "./tables.ts";

/*
 * The bill's reads and writes of the dine-in tables (decision 065 "The bill"), for the flows that
 * ask for a bill, pay its shares and settle it. Every one runs in the caller's transaction, with
 * the tab's lock held (tab-view.ts `lockTab`).
 */

const ofTab = (tab: Pick<TableTabRow, "storeId" | "id">) =>
  and(eq(tableTabs.storeId, tab.storeId), eq(tableTabs.id, tab.id));

/** Every change of a tab moves its version, so the pages polling it redraw. */
const nextVersion = { version: sql`${tableTabs.version} + 1`, updatedAt: sql`now()` };

/** What is on the bill: the tab's lines not voided, in the order they were sent. */
export async function billLines(tx: Tx, tab: TableTabRow): Promise<TabLineRow[]> {
  return tx
    .select()
    .from(tabLines)
    .where(and(eq(tabLines.storeId, tab.storeId), eq(tabLines.tabId, tab.id), isNull(tabLines.voidedAt)))
    .orderBy(asc(tabLines.roundId), asc(tabLines.position));
}

/** The goods of the bill: its lines not voided. */
export async function billGoods(tx: Tx, tab: TableTabRow): Promise<number> {
  const [row] = await tx
    .select({ goods: sql<number>`coalesce(sum(${tabLines.lineTotal}), 0)::int` })
    .from(tabLines)
    .where(and(eq(tabLines.storeId, tab.storeId), eq(tabLines.tabId, tab.id), isNull(tabLines.voidedAt)));
  return row?.goods ?? 0;
}

export async function tableNameOf(tx: Tx, tab: TableTabRow): Promise<string> {
  const [table] = await tx
    .select({ name: diningTables.name })
    .from(diningTables)
    .where(and(eq(diningTables.storeId, tab.storeId), eq(diningTables.id, tab.tableId)));
  if (!table) throw new Error(`tab ${tab.id} has no table`);
  return table.name;
}

/** The tab takes no more rounds: its bill is the order `orderId`. */
export async function markBillAsked(tx: Tx, tab: TableTabRow, orderId: number): Promise<void> {
  await tx
    .update(tableTabs)
    .set({ status: "billing", billAskedAt: sql`now()`, orderId, ...nextVersion })
    .where(ofTab(tab));
}

/** The coupon the whole bill takes, and its discount. */
export async function setBillCoupon(
  tx: Tx,
  tab: TableTabRow,
  coupon: { id: number; code: string; discount: number },
): Promise<TableTabRow> {
  const [changed] = await tx
    .update(tableTabs)
    .set({ couponId: coupon.id, couponCode: coupon.code, discount: coupon.discount, ...nextVersion })
    .where(ofTab(tab))
    .returning();
  if (!changed) throw new Error(`tab ${tab.id} vanished while locked`);
  return changed;
}

/** A diner asked to pay at the counter: staff see it on the board. */
export async function markCounterAsked(tx: Tx, tab: TableTabRow): Promise<void> {
  await tx
    .update(tableTabs)
    .set({ counterAsked: true, ...nextVersion })
    .where(ofTab(tab));
}

/** The even split's number of parts (null: free again), and a new version. */
export async function setEvenParts(tx: Tx, tab: TableTabRow, evenParts: number | null): Promise<void> {
  await tx
    .update(tableTabs)
    .set({ evenParts, ...nextVersion })
    .where(ofTab(tab));
}

/** The share written under this Idempotency-Key, if any. */
export async function shareByKey(tx: Tx, tab: TableTabRow, key: string): Promise<TabShareRow | null> {
  const [share] = await tx
    .select()
    .from(tabShares)
    .where(
      and(eq(tabShares.storeId, tab.storeId), eq(tabShares.tabId, tab.id), eq(tabShares.idempotencyKey, key)),
    );
  return share ?? null;
}

export async function shareById(tx: Tx, storeId: number, id: number): Promise<TabShareRow> {
  const [share] = await tx
    .select()
    .from(tabShares)
    .where(and(eq(tabShares.storeId, storeId), eq(tabShares.id, id)));
  if (!share) throw new Error(`share ${id} vanished`);
  return share;
}

/** The shares that hold part of the bill: paid, or being paid on a phone now. */
export async function liveShares(tx: Tx, tab: TableTabRow): Promise<TabShareRow[]> {
  return tx
    .select()
    .from(tabShares)
    .where(
      and(eq(tabShares.storeId, tab.storeId), eq(tabShares.tabId, tab.id), ne(tabShares.status, "failed")),
    );
}

export async function writeShare(tx: Tx, share: typeof tabShares.$inferInsert): Promise<TabShareRow> {
  const [written] = await tx.insert(tabShares).values(share).returning();
  if (!written) throw new Error("a share was not written");
  return written;
}

/**
 * Names the share that pays these lines, where no other share has: answers how many it took, so
 * a line another phone claimed meanwhile refuses the whole share.
 */
export async function claimLines(tx: Tx, share: TabShareRow, lineIds: number[]): Promise<number> {
  const claimed = await tx
    .update(tabLines)
    .set({ shareId: share.id })
    .where(
      and(
        eq(tabLines.storeId, share.storeId),
        eq(tabLines.tabId, share.tabId),
        inArray(tabLines.id, lineIds),
        isNull(tabLines.shareId),
      ),
    )
    .returning({ id: tabLines.id });
  return claimed.length;
}

export async function markSharePaid(
  tx: Tx,
  share: TabShareRow,
  paid: { paymentRef: string | null; cardBrand: string | null; cardLast4: string | null },
): Promise<void> {
  await tx
    .update(tabShares)
    .set({ status: "paid", paidAt: sql`now()`, ...paid })
    .where(and(eq(tabShares.storeId, share.storeId), eq(tabShares.id, share.id)));
}

/** A refused card: the share fails and lets go of its lines. */
export async function failShare(tx: Tx, share: TabShareRow): Promise<void> {
  await tx
    .update(tabShares)
    .set({ status: "failed" })
    .where(and(eq(tabShares.storeId, share.storeId), eq(tabShares.id, share.id)));
  await tx
    .update(tabLines)
    .set({ shareId: null })
    .where(
      and(
        eq(tabLines.storeId, share.storeId),
        eq(tabLines.tabId, share.tabId),
        eq(tabLines.shareId, share.id),
      ),
    );
}

/** A new version of the tab, closed `paid` when `closing`. */
export async function markPaidSoFar(tx: Tx, tab: TableTabRow, closing: boolean): Promise<void> {
  await tx
    .update(tableTabs)
    .set({ ...(closing ? { status: "paid" as const, closedAt: sql`now()` } : {}), ...nextVersion })
    .where(ofTab(tab));
}

/** Closed by staff without payment, with their reason. */
export async function markClosed(tx: Tx, tab: TableTabRow, reason: string): Promise<void> {
  await tx
    .update(tableTabs)
    .set({ status: "closed", closedAt: sql`now()`, closeReason: reason, ...nextVersion })
    .where(ofTab(tab));
}
