import type { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { route } from "../http/route.ts";
import { toStoreByDomain } from "./service.ts";

export function storeRoutes(app: Hono<AppEnv>): void {
  route(app, "storeGetByDomain", async ({ ctx }) => toStoreByDomain(ctx.store, ctx.locale));
}
