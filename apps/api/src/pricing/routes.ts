import { type Account, signingIn } from "../auth/sessions.ts";
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
  options: Pick<PriceCheckoutOptions, "hasOrdered" | "settings" | "giftCards" | "referrals"> = {},
): void {
  // The caller is signed in by the checkout's own reads: one round trip in all.
  route.signingInAlong("calculateOrder", async ({ ctx, body }) => {
    const priced = await priceCheckout(db, ctx.store, signingIn(ctx), body, ctx.locale, {
      ...options,
      guesser: ctx.caller,
    });
    return priced.calculation;
  });
}
