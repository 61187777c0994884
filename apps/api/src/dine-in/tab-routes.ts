import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import type { Diner } from "./passes.ts";

/** The tab and its rounds for diners; the console's table board, tabs and kitchen screen. */
export function tabRoutes(
  _route: Route<unknown>,
  _dinerRoute: Route<Diner>,
  _staffRoute: Route<StaffAccount>,
  _deps: OrderFlowDeps,
): void {}
