import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import { shippingInfoOf, updateCustomer } from "./service.ts";
import type { CustomerRow } from "./tables.ts";

/** The customer's own details: the router knows the signed-in caller's customer row. */
export function customerRoutes(route: Route<{ customer: CustomerRow }>, db: Database): void {
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
