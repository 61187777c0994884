import type { Route } from "../platform/http/route.ts";
import { storeVersionOf, toStoreByDomain } from "./service.ts";

export function storeRoutes(route: Route): void {
  route("storeGetByDomain", async ({ ctx }) => toStoreByDomain(ctx.store, ctx.locale));
  route("storeVersion", async ({ ctx }) => storeVersionOf(ctx.store));
}
