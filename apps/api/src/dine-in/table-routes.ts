import { localized } from "@stoa/contract";
import type { OrderFlowDeps } from "../flows/deps.ts";
import type { RequestContext } from "../platform/http/context.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import { rotateTableCode, saveTable, staffTables, type TableKeeper, tableSheet } from "./dining-tables.ts";
import { kitchenDishes, snoozeDish } from "./dish-snoozes.ts";
import type { Diner } from "./passes.ts";
import { tableMenu } from "./table-menu.ts";
import { scanTable } from "./table-scan.ts";

/** Tables, QR codes, the scan and the table's menu; the console's tables, sheet and snoozed dishes. */
export function tableRoutes(
  route: Route<unknown>,
  dinerRoute: Route<Diner>,
  staffRoute: Route<StaffAccount>,
  { db, keys }: OrderFlowDeps,
): void {
  route("tableScan", async ({ ctx, body }) => scanTable(db, ctx, body.code));
  dinerRoute("tableMenu", async ({ ctx }) => tableMenu(db, ctx.store, ctx.locale));

  // The key is read before any transaction opens (orders/links.ts).
  const keeper = async (ctx: RequestContext, account: StaffAccount): Promise<TableKeeper> => ({
    storeId: ctx.store.id,
    staffId: account.member.id,
    codeKey: (await keys()).tableCodes,
  });
  staffRoute("staffTableList", async ({ ctx }) => ({ tables: await staffTables(db, ctx.store.id) }));
  staffRoute("staffTableSave", async ({ ctx, body, account }) =>
    saveTable(db, await keeper(ctx, account), body),
  );
  staffRoute("staffTableRotateCode", async ({ ctx, body, account }) =>
    rotateTableCode(db, await keeper(ctx, account), body.tableId),
  );
  staffRoute("staffTableSheet", async ({ ctx, body }) =>
    tableSheet(db, {
      storeId: ctx.store.id,
      storeName: localized(ctx.store.nameLocalizations, ctx.locale),
      codeKey: (await keys()).tableCodes,
      origin: ctx.storefrontOrigin,
      tableIds: body.tableIds,
    }),
  );

  staffRoute("staffKitchenDishes", async ({ ctx }) => ({
    dishes: await kitchenDishes(db, ctx.store.id, ctx.locale),
  }));
  staffRoute("staffSnoozeDish", async ({ ctx, body, account }) => {
    await snoozeDish(db, { storeId: ctx.store.id, staffId: account.member.id }, body.productId, body.snoozed);
    return { dishes: await kitchenDishes(db, ctx.store.id, ctx.locale) };
  });
}
