import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { shippingInfoOf, updateCustomer } from "./service.ts";

export function customerRoutes(route: Route, db: Database): void {
  route("shippingInfo", async ({ account }) => shippingInfoOf(account.customer));

  route("updateShippingInfo", async ({ body, account }) => {
    const current = shippingInfoOf(account.customer);
    const next = {
      billing: body.billing === undefined ? current.billing : body.billing,
      shipping: body.shipping === undefined ? current.shipping : body.shipping,
    };
    return shippingInfoOf(await updateCustomer(db, account.customer, { shippingInfo: next }));
  });
}
