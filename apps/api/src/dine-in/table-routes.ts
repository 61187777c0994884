import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import type { Diner } from "./passes.ts";

/** Tables, QR codes, the scan and the table's menu; the console's tables, sheet and snoozed dishes. */
export function tableRoutes(
  _route: Route<unknown>,
  _dinerRoute: Route<Diner>,
  _staffRoute: Route<StaffAccount>,
  _deps: OrderFlowDeps,
): void {}
