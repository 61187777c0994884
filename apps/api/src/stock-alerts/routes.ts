import { authenticate } from "../auth/sessions.ts";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { askForStockAlert } from "./service.ts";

/**
 * Anyone may ask to hear when something is back. A signed-in customer asking for their own proved
 * address is noted, so the outbox does not count that mail among those to unproved addresses.
 */
export function stockAlertRoutes(route: Route, db: Database): void {
  route("stockAlertCreate", async ({ ctx, body }) => {
    const provedEmail = ctx.caller.bearerToken
      ? await authenticate(db, ctx).then(
          ({ customer }) => (customer.emailVerifiedAt ? customer.email : null),
          () => null,
        )
      : null;
    return askForStockAlert(db, ctx.store.id, body, { locale: ctx.locale, ip: ctx.caller.ip, provedEmail });
  });
}
