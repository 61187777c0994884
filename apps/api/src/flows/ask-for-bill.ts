import type { Locale, Tab } from "@stoa/contract";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { createCustomer } from "../customers/service.ts";
import type { Diner } from "../dine-in/passes.ts";
import { lockTab, readTab } from "../dine-in/tab-view.ts";
import { diningTables, type TableTabRow, tabLines, tableTabs } from "../dine-in/tables.ts";
import type { OrderIdentity } from "../orders/identities.ts";
import type { Actor } from "../orders/service.ts";
import { writeTableBill } from "../orders/table-orders.ts";
import type { OrderRow } from "../orders/tables.ts";
import type { Tx } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { OrderFlowDeps } from "./deps.ts";

/*
 * `cateringOrderReady` (decision 065 "The bill"): the tab stops taking rounds and becomes an order
 * to pay, under the tab's lock, so a round sent at the same moment lands either before (on the
 * bill) or after (refused, TAB_NOT_OPEN): never unpaid.
 */

/** Who the bill is for: the signed-in diner who asked, or a guest of the store made for the table. */
type BillFor = {
  customerId: number | null;
  locale: Locale;
  actor: "shopper" | "staff";
  actorId: number | null;
};

/**
 * Freezes a locked open tab: writes its unvoided lines as the bill's order and moves the tab to
 * `billing`. TAB_BILL_EMPTY when nothing is on it. Answers the order written. The order's identity
 * is taken before the transaction (`billIdentity`): a number taken for a bill another phone asked
 * for first is skipped, as identities.ts allows.
 */
export async function freezeBill(
  tx: Tx,
  identity: OrderIdentity,
  tab: TableTabRow,
  billFor: BillFor,
): Promise<OrderRow> {
  const lines = await tx
    .select()
    .from(tabLines)
    .where(and(eq(tabLines.storeId, tab.storeId), eq(tabLines.tabId, tab.id), isNull(tabLines.voidedAt)))
    .orderBy(asc(tabLines.roundId), asc(tabLines.position));
  if (lines.length === 0) throw new ApiError("TAB_BILL_EMPTY");
  const [table] = await tx
    .select({ name: diningTables.name })
    .from(diningTables)
    .where(and(eq(diningTables.storeId, tab.storeId), eq(diningTables.id, tab.tableId)));
  if (!table) throw new Error(`tab ${tab.id} has no table`);
  // A diner who was not signed in when scanning is a guest of the store, as a guest checkout is:
  // the order needs a customer, and a guest with an order is kept.
  const customerId =
    billFor.customerId ??
    (await createCustomer(tx, { storeId: tab.storeId, kind: "guest", locale: billFor.locale })).id;
  const actor: Actor =
    billFor.actor === "staff"
      ? { kind: "staff", id: billFor.actorId }
      : { kind: "shopper", id: billFor.customerId ?? customerId };
  const order = await writeTableBill(
    tx,
    identity,
    {
      storeId: tab.storeId,
      customerId,
      placedAsGuest: billFor.customerId === null,
      tableName: table.name,
      currency: tab.currency,
      locale: billFor.locale,
      tabId: tab.id,
      lines: lines.map((line) => ({
        productId: line.productId,
        variationId: line.variationId,
        addOns: line.addOns,
        name: line.name,
        sku: line.sku,
        options: line.options,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        lineTotal: line.lineTotal,
        tax: line.tax,
      })),
    },
    actor,
  );
  await tx
    .update(tableTabs)
    .set({
      status: "billing",
      billAskedAt: sql`now()`,
      orderId: order.id,
      version: sql`${tableTabs.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tableTabs.storeId, tab.storeId), eq(tableTabs.id, tab.id)));
  return order;
}

/**
 * A diner asks for the bill. Asked already (another phone was quicker): the tab as it is. A tab
 * paid or closed: TAB_NOT_OPEN; a diner who joined no tab has none to ask for.
 */
export async function askForBill(deps: OrderFlowDeps, ctx: RequestContext, diner: Diner): Promise<Tab> {
  const { store } = ctx;
  const tabId = diner.tabId;
  if (tabId === null) throw new ApiError("TAB_NOT_OPEN");
  const before = await readTab(deps.db, store.id, tabId, diner.dinerName);
  if (before.status === "billing") return before;
  if (before.status !== "open") throw new ApiError("TAB_NOT_OPEN");
  const identity = await deps.identities.next(store.id);
  await deps.db.transaction(async (tx) => {
    const tab = await lockTab(tx, store.id, tabId);
    if (tab.status === "billing") return;
    if (tab.status !== "open") throw new ApiError("TAB_NOT_OPEN");
    await freezeBill(tx, identity, tab, {
      customerId: diner.customerId,
      locale: ctx.locale,
      actor: "shopper",
      actorId: diner.customerId,
    });
  });
  return readTab(deps.db, store.id, tabId, diner.dinerName);
}
