import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import type { Diner } from "./passes.ts";

/** The bill: asking for it, paying shares with tips, settling at the counter. */
export function billRoutes(
  _route: Route<unknown>,
  _dinerRoute: Route<Diner>,
  _staffRoute: Route<StaffAccount>,
  _deps: OrderFlowDeps,
): void {}
