import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { deliveryOptions, deliverySchedule } from "./service.ts";

export function deliveryRoutes(route: Route, db: Database): void {
  route("deliverySchedule", async ({ ctx, body }) => deliverySchedule(db, ctx.store, body.delivery_type));
  route("deliveryOptions", async ({ ctx }) => deliveryOptions(db, ctx.store, ctx.locale));
}
