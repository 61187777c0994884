import { CHECKOUT_ERROR_KEYS, maxTip, type Tab, type TipOption, tipAmount } from "@stoa/contract";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { lockTab, readTab } from "../dine-in/tab-view.ts";
import { tabLines, tableTabs, tabShares } from "../dine-in/tables.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import type { StaffMemberRow } from "../staff/tables.ts";
import { freezeBill } from "./ask-for-bill.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { closeWhenPaid } from "./pay-tab-share.ts";

/*
 * The counter's side of a tab (decision 065 "The bill"): staff settle what is left in cash, with
 * the tip the diners left, or close a tab that owes nothing. Both take the tab's lock as every
 * change of a tab does, and are written to the audit log with the change.
 */

/**
 * Settles what is left of a tab in cash: one `cash` share of the balance and its tip, settled by
 * this member; the tab closes paid. A tab whose bill nobody asked for is asked for now (diners who
 * walk to the counter). A card being paid on a phone at that moment: SHARE_TAKEN, settle after it.
 */
export async function settleTab(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  member: StaffMemberRow,
  request: { tabId: number; tip_option: TipOption | null },
): Promise<Tab> {
  const { store } = ctx;
  const before = await readTab(deps.db, store.id, request.tabId, null);
  const identity = before.status === "open" ? await deps.identities.next(store.id) : null;
  await deps.db.transaction(async (tx) => {
    let tab = await lockTab(tx, store.id, request.tabId);
    if (tab.status === "open") {
      // Opened again meanwhile cannot happen (a tab never goes back to open): the identity is there.
      if (!identity) throw new ApiError("TAB_NOT_OPEN");
      await freezeBill(tx, identity, tab, {
        customerId: null,
        locale: ctx.locale,
        actor: "staff",
        actorId: member.id,
      });
      tab = await lockTab(tx, store.id, tab.id);
    }
    if (tab.status !== "billing") throw new ApiError("TAB_NOT_OPEN");
    const shares = await tx
      .select()
      .from(tabShares)
      .where(
        and(eq(tabShares.storeId, store.id), eq(tabShares.tabId, tab.id), ne(tabShares.status, "failed")),
      );
    if (shares.some((share) => share.status === "paying")) throw new ApiError("SHARE_TAKEN");
    const [row] = await tx
      .select({ goods: sql<number>`coalesce(sum(${tabLines.lineTotal}), 0)::int` })
      .from(tabLines)
      .where(and(eq(tabLines.storeId, store.id), eq(tabLines.tabId, tab.id), isNull(tabLines.voidedAt)));
    const total = Math.max(0, (row?.goods ?? 0) - tab.discount);
    const left = total - shares.reduce((paid, share) => paid + share.goods, 0);
    const tip = request.tip_option ? tipAmount(request.tip_option, left) : 0;
    if (tip > maxTip(left))
      throw new ApiError("INVALID_INPUT", { tip_option: CHECKOUT_ERROR_KEYS.tipTooLarge });
    const [share] = await tx
      .insert(tabShares)
      .values({
        storeId: store.id,
        tabId: tab.id,
        kind: "whole",
        goods: left,
        tip,
        amount: left + tip,
        way: "cash",
        status: "paid",
        payerName: member.name,
        idempotencyKey: `counter-${tab.id}`,
        requestDigest: `counter-${tab.id}`,
        paymentGateway: "cash",
        settledBy: member.id,
        paidAt: sql`now()`,
      })
      .returning();
    await closeWhenPaid(tx, tab, { kind: "staff", id: member.id });
    await recordChange(tx, {
      storeId: store.id,
      staffId: member.id,
      action: "tab.settle",
      subject: `tab:${tab.id}`,
      after: { shareId: share?.id, cash: left, tip, orderId: tab.orderId },
    });
  });
  return readTab(deps.db, store.id, request.tabId, null);
}

/**
 * Closes a tab that owes nothing (no dish on it, or every one voided), with the reason staff give:
 * diners who left without ordering, a prank scan. A tab with something on it: TAB_OWES.
 */
export async function closeTab(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  member: StaffMemberRow,
  request: { tabId: number; reason: string },
): Promise<Tab> {
  const { store } = ctx;
  await deps.db.transaction(async (tx) => {
    const tab = await lockTab(tx, store.id, request.tabId);
    if (tab.status !== "open" && tab.status !== "billing") throw new ApiError("TAB_NOT_OPEN");
    const [owing] = await tx
      .select({ id: tabLines.id })
      .from(tabLines)
      .where(and(eq(tabLines.storeId, store.id), eq(tabLines.tabId, tab.id), isNull(tabLines.voidedAt)))
      .limit(1);
    if (owing) throw new ApiError("TAB_OWES");
    await tx
      .update(tableTabs)
      .set({
        status: "closed",
        closedAt: sql`now()`,
        closeReason: request.reason,
        version: sql`${tableTabs.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(tableTabs.storeId, store.id), eq(tableTabs.id, tab.id)));
    await recordChange(tx, {
      storeId: store.id,
      staffId: member.id,
      action: "tab.close",
      subject: `tab:${tab.id}`,
      before: { status: tab.status },
      after: { status: "closed", reason: request.reason },
    });
  });
  return readTab(deps.db, store.id, request.tabId, null);
}
