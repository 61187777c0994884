import type { Account } from "../auth/sessions.ts";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { mergeCart, readSavedCart, saveCart } from "./service.ts";

export function cartRoutes(route: Route<Account>, db: Database): void {
  route("savedCart", async ({ ctx, account }) => readSavedCart(db, ctx.store, account, ctx.locale));
  route("saveCart", async ({ ctx, body, account }) =>
    saveCart(db, ctx.store, account, body.items, ctx.locale),
  );
  route("mergeCart", async ({ ctx, body, account }) =>
    mergeCart(db, ctx.store, account, body.items, ctx.locale),
  );
}
