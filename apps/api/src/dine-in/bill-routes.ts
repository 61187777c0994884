import { askForBill } from "../flows/ask-for-bill.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import { payTabShare } from "../flows/pay-tab-share.ts";
import { closeTab, settleTab } from "../flows/settle-tab.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import type { Diner } from "./passes.ts";

/** The bill: asking for it, paying shares with tips, settling at the counter. */
export function billRoutes(
  _route: Route<unknown>,
  dinerRoute: Route<Diner>,
  staffRoute: Route<StaffAccount>,
  deps: OrderFlowDeps,
): void {
  dinerRoute("askForBill", ({ ctx, account }) => askForBill(deps, ctx, account));
  dinerRoute("tabCheckout", ({ ctx, account, body }) => payTabShare(deps, ctx, account, body));
  staffRoute("staffSettleTab", ({ ctx, account, body }) => settleTab(deps, ctx, account.member, body));
  staffRoute("staffCloseTab", ({ ctx, account, body }) => closeTab(deps, ctx, account.member, body));
}
