import type { Account } from "../auth/sessions.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";

/** Bookings: services, resources, exceptions, free times, book, reschedule, cancel, list. */
export function bookingRoutes(
  _route: Route<Account>,
  _staffRoute: Route<StaffAccount>,
  _deps: OrderFlowDeps,
): void {}
