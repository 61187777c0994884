import type { Route } from "../platform/http/route.ts";
import { toStoreByDomain } from "./service.ts";

export function storeRoutes(route: Route): void {
  route("storeGetByDomain", async ({ ctx }) => toStoreByDomain(ctx.store, ctx.locale));
}
