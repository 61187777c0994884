import { billingAddressSchema, shippingAddressSchema } from "@stoa/contract";
import { redirect } from "react-router";
import { ADDRESS_FIELDS, isAddressType } from "../../account/address.ts";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/account.address";

/**
 * ADD_OR_UPDATE_ADDRESS and DELETE_ADDRESS: the billing or the shipping address is saved, or
 * cleared with null; the other one is left as it is.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const type = form.get("type");
  if (!isAddressType(type)) return invalid({ type: "error-field-invalid" });
  if (form.get("intent") === "delete") {
    const outcome = await args.context.storeApi.form("updateShippingInfo", { body: { [type]: null } });
    if (!outcome.ok) return failed(outcome);
    return { ok: true as const, intent: "delete" };
  }
  const values = { ...formValues(form, ADDRESS_FIELDS[type]), type };
  const check =
    type === "billing"
      ? validateWith(billingAddressSchema, values)
      : validateWith(shippingAddressSchema, values);
  if (!check.ok) return invalid(check.fields);
  const outcome = await args.context.storeApi.form(
    "updateShippingInfo",
    { body: { [type]: check.data } },
    { fieldPrefix: type },
  );
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, intent: "save" };
}

export function loader() {
  return redirect("/profile");
}
