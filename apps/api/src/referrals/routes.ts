import type { Account } from "../auth/sessions.ts";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { generateReferralCode, myReferralCode, referralInfo, referralOrders } from "./service.ts";

/** The four referral calls of spec §7, at the spec's paths (decision 067). */
export function referralRoutes(route: Route<Account>, db: Database): void {
  route("referralInfo", async ({ ctx, query, account }) =>
    referralInfo(db, ctx.store, account, query.code, ctx.caller),
  );
  route("myReferralCode", async ({ ctx, account }) => myReferralCode(db, ctx.store, account));
  route("generateReferralCode", async ({ ctx, account }) => generateReferralCode(db, ctx.store, account));
  route("referralOrders", async ({ ctx, query, account }) => referralOrders(db, ctx.store, account, query));
}
