import type { Account } from "../auth/sessions.ts";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { addToWishlist, listWishlist, removeFromWishlist } from "./service.ts";

export function wishlistRoutes(route: Route<Account>, db: Database): void {
  route("wishlistList", async ({ ctx, query, account }) =>
    listWishlist(db, ctx.store, account, query, ctx.locale),
  );
  route("wishlistAdd", async ({ ctx, body, account }) =>
    addToWishlist(db, ctx.store, account, body.productId, ctx.locale),
  );
  route("wishlistRemove", async ({ ctx, query, account }) =>
    removeFromWishlist(db, ctx.store, account, query.idList),
  );
}
