import type { Account } from "../auth/sessions.ts";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { type PriceCheckoutOptions, priceCheckout } from "./service.ts";

/**
 * `hasOrdered` tells first-order coupons whether the caller has ordered before (the orders module
 * knows); `settings` is where the stores' checkout settings come from.
 */
export function pricingRoutes(
  route: Route<Account>,
  db: Database,
  options: Pick<PriceCheckoutOptions, "hasOrdered" | "settings"> = {},
): void {
  route("calculateOrder", async ({ ctx, body, account }) => {
    const priced = await priceCheckout(db, ctx.store, account.customer, body, ctx.locale, options);
    return priced.calculation;
  });
}
