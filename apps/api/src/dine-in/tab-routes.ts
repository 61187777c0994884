import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import { tableBoard } from "./board.ts";
import { kitchenQueue, moveTicket } from "./kitchen.ts";
import type { Diner } from "./passes.ts";
import { addRound } from "./rounds.ts";
import { confirmTab, mergeTabs, moveTab, voidLine } from "./staff-tabs.ts";
import { readTab } from "./tab-view.ts";
import { dinerTab, openTab, seatTable } from "./tabs.ts";

/** The tab and its rounds for diners; the console's table board, tabs and kitchen screen. */
export function tabRoutes(
  _route: Route<unknown>,
  dinerRoute: Route<Diner>,
  staffRoute: Route<StaffAccount>,
  { db }: OrderFlowDeps,
): void {
  dinerRoute("openTab", async ({ ctx, body, account }) => openTab(db, account, body.dinerName, ctx.locale));
  dinerRoute("addRound", async ({ ctx, body, account }) => addRound(db, ctx, account, body));
  dinerRoute("tabDetail", async ({ account }) => dinerTab(db, account));

  const actor = (storeId: number, account: StaffAccount) => ({ storeId, staffId: account.member.id });
  staffRoute("staffTableBoard", async ({ ctx }) => tableBoard(db, ctx.store.id, ctx.store.currency));
  staffRoute("staffTabDetail", async ({ ctx, body }) => readTab(db, ctx.store.id, body.tabId, null));
  staffRoute("staffSeatTable", async ({ ctx, body, account }) =>
    seatTable(db, ctx.store.id, body.tableId, account.member.id),
  );
  staffRoute("staffConfirmTab", async ({ ctx, body, account }) =>
    confirmTab(db, actor(ctx.store.id, account), body.tabId),
  );
  staffRoute("staffMoveTab", async ({ ctx, body, account }) =>
    moveTab(db, actor(ctx.store.id, account), body.tabId, body.tableId),
  );
  staffRoute("staffMergeTabs", async ({ ctx, body, account }) =>
    mergeTabs(db, actor(ctx.store.id, account), body.tabId, body.intoTabId),
  );
  staffRoute("staffVoidLine", async ({ ctx, body, account }) =>
    voidLine(db, actor(ctx.store.id, account), body),
  );
  staffRoute("staffKitchenQueue", async ({ ctx }) => kitchenQueue(db, ctx.store.id));
  staffRoute("staffKitchenMove", async ({ ctx, body }) =>
    moveTicket(db, ctx.store.id, body.roundId, body.to),
  );
}
