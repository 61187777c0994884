import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import {
  addAddress,
  addressBook,
  defaultAddresses,
  deleteAddress,
  makeDefaultAddress,
  saveDefaultAddresses,
  updateAddress,
} from "./addresses.ts";
import type { CustomerRow } from "./tables.ts";

/** The customer's own details: the router knows the signed-in caller's customer row. */
export function customerRoutes(route: Route<{ customer: CustomerRow }>, db: Database): void {
  route("shippingInfo", async ({ account }) => defaultAddresses(db, account.customer));
  route("updateShippingInfo", async ({ body, account }) => saveDefaultAddresses(db, account.customer, body));

  route("addresses", async ({ account }) => addressBook(db, account.customer));
  route("addAddress", async ({ body, account }) => addAddress(db, account.customer, body));
  route("updateAddress", async ({ params, body, account }) =>
    updateAddress(db, account.customer, params.id, body),
  );
  route("deleteAddress", async ({ params, account }) => deleteAddress(db, account.customer, params.id));
  route("makeDefaultAddress", async ({ params, account }) =>
    makeDefaultAddress(db, account.customer, params.id),
  );
}
