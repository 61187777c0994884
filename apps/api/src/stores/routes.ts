import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import type { CheckoutSettingsSource } from "../pricing/checkout-settings.ts";
import { branchesOf, storeVersionOf, toStoreByDomain } from "./service.ts";

/** `settings` is the checkout's own source, so the pages and the bill read one tax setting. */
export function storeRoutes(route: Route, db: Database, settings: CheckoutSettingsSource): void {
  route("storeGetByDomain", async ({ ctx }) => {
    const { pricing } = await settings(ctx.store.id);
    return toStoreByDomain(ctx.store, ctx.locale, pricing.pricesIncludeTax);
  });
  route("storeVersion", async ({ ctx }) => storeVersionOf(ctx.store));
  route("storeBranches", async ({ ctx, query }) => branchesOf(db, ctx.store, ctx.locale, query));
}
