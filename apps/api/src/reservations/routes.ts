import type { Account } from "../auth/sessions.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";

/** Reservations: services, days with room, a day's slots, reserve, see and cancel by link. */
export function reservationRoutes(
  _route: Route<Account>,
  _staffRoute: Route<StaffAccount>,
  _deps: OrderFlowDeps,
): void {}
