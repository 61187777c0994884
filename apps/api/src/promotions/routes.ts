import type { Account } from "../auth/sessions.ts";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { couponCheck, couponOffers, type OrderHistory } from "./service.ts";

export function promotionRoutes(route: Route<Account>, db: Database, hasOrdered?: OrderHistory): void {
  route("couponCheck", async ({ ctx, query, account }) =>
    couponCheck(db, ctx.store.id, account.customer, query.code, query.subtotal, ctx.caller, hasOrdered),
  );
  // Advertised coupons name no product (decision 069: the offers page is not dropped by one's change).
  route("couponOffers", async ({ ctx }) => couponOffers(db, ctx.store.id), { reachesNoProduct: true });
}
