import type { Account } from "../auth/sessions.ts";
import type { LinkKeys } from "../orders/links.ts";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import { adjustGiftCard, giftCardsOfOrder, redeemGiftCard, staffGiftCard } from "./service.ts";

/** Gift cards: the buyer's codes and redeeming one for customers; looking up and adjusting for staff. */
export function giftCardRoutes(
  route: Route<Account>,
  staffRoute: Route<StaffAccount>,
  db: Database,
  keys: () => Promise<LinkKeys>,
): void {
  route("giftCardRedeem", async ({ ctx, body, account }) =>
    redeemGiftCard(db, await keys(), ctx.store, account.customer.id, body.code, ctx.caller.ip),
  );
  route("orderGiftCards", async ({ ctx, body, account }) =>
    giftCardsOfOrder(db, await keys(), ctx.store.id, account.customer.id, body.orderId),
  );
  staffRoute("staffGiftCardLookup", async ({ ctx, body }) =>
    staffGiftCard(db, await keys(), ctx.store.id, body.code),
  );
  staffRoute("staffGiftCardAdjust", async ({ ctx, body, account }) =>
    adjustGiftCard(db, await keys(), ctx.store.id, account.member.id, body),
  );
}
