import type { Hono } from "hono";
import type { Database } from "../db/database.ts";
import type { AppEnv } from "../http/context.ts";
import { route } from "../http/route.ts";
import { assertOwnStore } from "../stores/service.ts";
import { categoryTree, shownCategories } from "./categories.ts";
import { productInfo, searchProducts } from "./products.ts";

export function catalogueRoutes(app: Hono<AppEnv>, db: Database): void {
  route(app, "categorySearch", async ({ ctx, body }) => {
    assertOwnStore(ctx.store, body.storeId);
    const rows = await shownCategories(db, ctx.store.id);
    return categoryTree(rows, { isAvailable: body.isAvailable, language: body.language ?? ctx.locale });
  });

  route(app, "productSearch", async ({ ctx, query, body }) => {
    assertOwnStore(ctx.store, body.storeId);
    return searchProducts(db, ctx.store, body, query, ctx.locale);
  });

  route(app, "productInfo", async ({ ctx, params }) => productInfo(db, ctx.store, params.id, ctx.locale));
}
