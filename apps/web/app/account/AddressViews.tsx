import { billingAddressSchema, shippingAddressSchema } from "@stoa/contract";
import type { FieldErrors } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { displayName, signedInCustomer } from "../platform/session/auth-state.ts";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { useAuth } from "../shell/root-data.ts";
import { AccountViewFrame } from "./AccountViewFrame.tsx";
import { ADDRESS_FIELDS, type AddressType, type SavedAddress } from "./address.ts";
import { SubmitButton } from "./FormButtons.tsx";
import { TextField } from "./FormFields.tsx";
import { FormAlert } from "./FormMessages.tsx";
import { useAccountForm } from "./use-account-form.ts";

export type AddressPayload = { type: AddressType; address: SavedAddress | null };

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

/** ADD_OR_UPDATE_ADDRESS: the billing or shipping address with the fields of spec §3. */
export function AddressFormView({ type, address }: AddressPayload) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { showToast } = useToast();
  const form = useAccountForm(() => {
    showToast(t("address.saved"), "success");
    closeModal();
  });
  const fields = [...ADDRESS_FIELDS[type], "type"];
  const { errors } = form;
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t(address ? `address.edit-${type}` : `address.add-${type}`)}
    >
      <form.fetcher.Form
        method="post"
        action="/account/address"
        noValidate
        onSubmit={
          type === "billing"
            ? form.validated(billingAddressSchema, fields)
            : form.validated(shippingAddressSchema, fields)
        }
        className="space-y-5"
        data-address-form={type}
      >
        <FormAlert failure={form.alert} onClose={form.dismiss} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="type" value={type} />
        <AddressFields type={type} address={address} errors={errors} />
        <SubmitButton busy={form.busy}>{t("address.save")}</SubmitButton>
      </form.fetcher.Form>
    </AccountViewFrame>
  );
}

/** DELETE_ADDRESS: confirm, then the address is cleared (saved as null). */
export function DeleteAddressView({ type }: { type: AddressType }) {
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
        <input type="hidden" name="type" value={type} />
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
