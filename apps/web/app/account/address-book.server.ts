import type { BookAddress } from "@stoa/contract";
import { addressBodySchema, idTextSchema } from "@stoa/contract";
import type { ActionFailure, FieldErrors } from "../platform/api/form-answer.ts";
import { invalidFields } from "../platform/api/form-answer.ts";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { formValues, validateWith } from "../platform/form-values.ts";
import { ADDRESS_FIELDS, isAddressType } from "./address.ts";

export const ADDRESS_INTENTS = ["save", "delete", "default"] as const;
export type AddressIntent = (typeof ADDRESS_INTENTS)[number];

export type AddressBookChange =
  | { ok: true; intent: AddressIntent; address?: BookAddress }
  | { ok: false; failure: ActionFailure; status: number };

const refused = (fields: FieldErrors): AddressBookChange => ({
  ok: false,
  failure: invalidFields(fields),
  status: 400,
});

/**
 * One change of the address book from a posted form (the account's address page, the address
 * dialogs of the profile and of checkout): save (add, or change with `id`), delete, or make default.
 * A checked `isDefault` box makes the saved address the default of its type.
 */
export async function changeAddressBook(storeApi: StoreApi, form: FormData): Promise<AddressBookChange> {
  const intent = form.get("intent");
  const rawId = form.get("id");
  const id = rawId === null || rawId === "" ? null : (idTextSchema.safeParse(rawId).data ?? 0);
  if (id === 0) return refused({ id: "error-field-invalid" });
  if (intent === "delete" || intent === "default") {
    if (id === null) return refused({ id: "error-field-required" });
    const outcome =
      intent === "delete"
        ? await storeApi.form("deleteAddress", { params: { id } })
        : await storeApi.form("makeDefaultAddress", { params: { id } });
    if (!outcome.ok) return outcome;
    return { ok: true, intent, ...(intent === "default" ? { address: outcome.data as BookAddress } : {}) };
  }
  if (intent !== "save") return refused({ intent: "error-field-invalid" });
  const type = form.get("type");
  if (!isAddressType(type)) return refused({ type: "error-field-invalid" });
  const values = {
    ...formValues(form, ADDRESS_FIELDS[type]),
    type,
    isDefault: form.get("isDefault") === "on",
  };
  const check = validateWith(addressBodySchema, values);
  if (!check.ok) return refused(check.fields);
  const outcome =
    id === null
      ? await storeApi.form("addAddress", { body: check.data })
      : await storeApi.form("updateAddress", { params: { id }, body: check.data });
  if (!outcome.ok) return outcome;
  return { ok: true, intent, address: outcome.data };
}
