import type { Account } from "../auth/sessions.ts";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import type { OrderHistory } from "../promotions/service.ts";
import { priceCheckout } from "./service.ts";

/**
 * `hasOrdered` tells first-order coupons whether the caller has ordered before; the orders module
 * provides it once it exists, until then redemptions of earlier coupons stand in for orders.
 */
export function pricingRoutes(route: Route<Account>, db: Database, hasOrdered?: OrderHistory): void {
  route("calculateOrder", async ({ ctx, body, account }) => {
    const priced = await priceCheckout(db, ctx.store, account.customer, body, ctx.locale, { hasOrdered });
    return priced.calculation;
  });
}
