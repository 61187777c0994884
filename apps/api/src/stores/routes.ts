import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { branchesOf, storeVersionOf, toStoreByDomain } from "./service.ts";

export function storeRoutes(route: Route, db: Database): void {
  route("storeGetByDomain", async ({ ctx }) => toStoreByDomain(ctx.store, ctx.locale));
  route("storeVersion", async ({ ctx }) => storeVersionOf(ctx.store));
  route("storeBranches", async ({ ctx, query }) => branchesOf(db, ctx.store, ctx.locale, query));
}
