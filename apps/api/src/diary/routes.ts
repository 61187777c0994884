import type { Account } from "../auth/sessions.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";

/** The console's diary of reservations and bookings, their settings, hours and exceptions. */
export function diaryRoutes(
  _route: Route<Account>,
  _staffRoute: Route<StaffAccount>,
  _deps: OrderFlowDeps,
): void {}
