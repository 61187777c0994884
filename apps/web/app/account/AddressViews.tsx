import { type BookAddress, billingAddressSchema, shippingAddressSchema } from "@stoa/contract";
import type { FormEvent } from "react";
import type { FieldErrors } from "../platform/api/form-answer.ts";
import { formValues, validateWith } from "../platform/form-values.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { displayName, signedInCustomer } from "../platform/session/auth-state.ts";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { useAuth } from "../shell/root-data.ts";
import { AccountViewFrame } from "./AccountViewFrame.tsx";
import { ADDRESS_FIELDS, type AddressType, plainAddress, type SavedAddress } from "./address.ts";
import { SubmitButton } from "./FormButtons.tsx";
import { TextField } from "./FormFields.tsx";
import { FormAlert } from "./FormMessages.tsx";
import { useAccountForm } from "./use-account-form.ts";

export type AddressPayload = {
  type: AddressType;
  /** The address of the book being changed; null adds one. */
  address: BookAddress | null;
  /** Opened from checkout: the shopper may keep a new address for this order only. */
  forOrder?: boolean;
  /** After the book saved it (checkout uses it for the order). */
  onSaved?: (address: BookAddress) => void;
  /** A new address for this order only, not saved to the book. */
  onUseOnce?: (address: SavedAddress) => void;
};

/**
 * The fields of a billing or shipping address (spec §3), named as the contract's address schemas
 * read them: the account's address form and the guest checkout's address dialogs both use them.
 */
export function AddressFields({
  type,
  address,
  errors,
}: {
  type: AddressType;
  address: SavedAddress | null;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const place = address?.address;
  // A new address is most often the account holder's own: their name is there to keep or change.
  const customer = signedInCustomer(useAuth());
  const holder = !address && customer ? displayName(customer) : "";
  return (
    <>
      <TextField
        label={t("address.title-label")}
        name="title"
        errors={errors}
        defaultValue={address?.title}
        placeholder={t("address.title-placeholder")}
        autoFocusHere
      />
      {type === "billing" ? (
        <TextField
          label={t("address.billing-name")}
          name="billingName"
          errors={errors}
          autoComplete="billing name"
          defaultValue={address?.type === "billing" ? address.billingName : holder}
        />
      ) : (
        <TextField
          label={t("address.customer-name")}
          name="customerName"
          errors={errors}
          autoComplete="shipping name"
          defaultValue={address?.type === "shipping" ? address.customerName : holder}
        />
      )}
      <TextField
        label={t("address.street")}
        name="address.street_address"
        errors={errors}
        autoComplete={`${type} street-address`}
        defaultValue={place?.street_address}
      />
      {type === "shipping" ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("address.unit")}
            name="unit_number"
            errors={errors}
            defaultValue={address?.type === "shipping" ? address.unit_number : ""}
          />
          <TextField
            label={t("address.buzz-code")}
            name="buzz_code"
            errors={errors}
            defaultValue={address?.type === "shipping" ? address.buzz_code : ""}
          />
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("address.city")}
          name="address.city"
          errors={errors}
          autoComplete={`${type} address-level2`}
          defaultValue={place?.city}
        />
        <TextField
          label={t("address.state")}
          name="address.state"
          errors={errors}
          autoComplete={`${type} address-level1`}
          defaultValue={place?.state}
        />
        <TextField
          label={t("address.zip")}
          name="address.zip"
          errors={errors}
          autoComplete={`${type} postal-code`}
          defaultValue={place?.zip}
        />
        <TextField
          label={t("address.country")}
          name="address.country"
          errors={errors}
          autoComplete={`${type} country-name`}
          defaultValue={place?.country}
        />
      </div>
    </>
  );
}

/**
 * ADD_OR_UPDATE_ADDRESS: an address of the book with the fields of spec §3 (decision 051). A new
 * one may be made the default of its type; from checkout, it may be kept for this order only.
 */
export function AddressFormView({ type, address, forOrder = false, onSaved, onUseOnce }: AddressPayload) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { showToast } = useToast();
  const form = useAccountForm((result) => {
    showToast(t("address.saved"), "success");
    if (result.address) onSaved?.(result.address);
    closeModal();
  });
  const fields = [...ADDRESS_FIELDS[type], "type"];
  const { errors } = form;
  const check =
    type === "billing"
      ? form.validated(billingAddressSchema, fields)
      : form.validated(shippingAddressSchema, fields);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    check(event);
    if (event.defaultPrevented || !forOrder) return;
    const data = new FormData(event.currentTarget);
    if (data.get("keep") === "on") return;
    // Kept for this order only: nothing is sent, the checkout takes the address.
    event.preventDefault();
    const values = { ...formValues(data, ADDRESS_FIELDS[type]), type };
    const checked =
      type === "billing"
        ? validateWith(billingAddressSchema, values)
        : validateWith(shippingAddressSchema, values);
    if (!checked.ok) return;
    onUseOnce?.(checked.data);
    closeModal();
  };
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t(address ? `address.edit-${type}` : `address.add-${type}`)}
    >
      <form.fetcher.Form
        method="post"
        action="/account/address"
        noValidate
        onSubmit={submit}
        className="space-y-5"
        data-address-form={type}
      >
        <FormAlert failure={form.alert} onClose={form.dismiss} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="type" value={type} />
        {address ? <input type="hidden" name="id" value={address.id} /> : null}
        <AddressFields type={type} address={address ? plainAddress(address) : null} errors={errors} />
        {forOrder && !address ? (
          <label className="flex items-center gap-3 text-sm font-medium text-stone-800">
            <input type="checkbox" name="keep" defaultChecked className="size-5 shrink-0 accent-brand" />
            {t("checkout.address.keep")}
          </label>
        ) : null}
        {address?.isDefault ? null : (
          <label className="flex items-center gap-3 text-sm font-medium text-stone-800">
            <input type="checkbox" name="isDefault" className="size-5 shrink-0 accent-brand" />
            {t(`address.make-default-${type}`)}
          </label>
        )}
        <SubmitButton busy={form.busy}>{t("address.save")}</SubmitButton>
      </form.fetcher.Form>
    </AccountViewFrame>
  );
}

/** DELETE_ADDRESS: confirm, then the address leaves the book. */
export function DeleteAddressView({ type, id }: { type: AddressType; id: number }) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { showToast } = useToast();
  const form = useAccountForm(() => {
    showToast(t("successfully-address-deleted"), "success");
    closeModal();
  });
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t(`address.delete-${type}`)}
      subtitle={t("address.delete-text")}
    >
      <form.fetcher.Form
        method="post"
        action="/account/address"
        className="space-y-3"
        data-delete-address={type}
      >
        <FormAlert failure={form.alert} onClose={form.dismiss} />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          disabled={form.busy}
          className={`${buttonClass.primary} w-full bg-red-700 hover:bg-red-800`}
        >
          {t("address.delete-confirm")}
        </button>
        <button
          type="button"
          onClick={closeModal}
          className={`${buttonClass.secondary} w-full`}
          data-autofocus
        >
          {t("address.keep")}
        </button>
      </form.fetcher.Form>
    </AccountViewFrame>
  );
}
