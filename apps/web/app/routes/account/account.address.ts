import { redirect } from "react-router";
import { changeAddressBook } from "../../account/address-book.server.ts";
import { failed } from "../../platform/api/form-answer.ts";
import type { Route } from "./+types/account.address";

/**
 * ADD_OR_UPDATE_ADDRESS and DELETE_ADDRESS of the profile and of checkout: an address of the book
 * is added, changed, deleted or made the default (decision 051). The address book page posts the
 * same forms to its own route, which answers a plain form with a redirect.
 */
export async function action(args: Route.ActionArgs) {
  const change = await changeAddressBook(args.context.storeApi, await args.request.formData());
  if (!change.ok) return failed(change);
  return change;
}

export function loader() {
  return redirect("/addresses");
}
