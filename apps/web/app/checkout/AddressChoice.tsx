import type { ShippingInfo } from "@stoa/contract";
import type { ReactNode } from "react";
import { type AddressType, addressLines, addressName, type SavedAddress } from "../account/address.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CheckCircleIcon, PencilIcon, PlusIcon, TrashIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { stepButtonClass } from "./CheckoutParts.tsx";

function AddressCard({ address, children }: { address: SavedAddress; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-wrap items-start gap-x-4 gap-y-3 rounded-xl border border-brand bg-brand/5 p-4 ring-1 ring-brand"
      data-address-in-use={address.type}
    >
      <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-brand" />
      <div className="min-w-0 flex-1 text-sm leading-6">
        <p className="font-semibold text-stone-950">
          <bdi>{addressName(address)}</bdi>
          {address.title ? (
            <span className="ms-2 rounded-full bg-white px-2 py-0.5 text-xs font-medium text-stone-600 ring-1 ring-stone-200">
              <bdi>{address.title}</bdi>
            </span>
          ) : null}
        </p>
        {addressLines(address).map((line) => (
          <p key={line} className="text-stone-700">
            <bdi>{line}</bdi>
          </p>
        ))}
        <p className="sr-only">{t("checkout.address.in-use")}</p>
      </div>
      {children ? <div className="flex w-full flex-wrap gap-2 sm:w-auto">{children}</div> : null}
    </div>
  );
}

/**
 * A signed-in customer's billing or shipping address for this order: the one saved on the account
 * (spec §3 keeps one of each), changed, added or deleted through the account's own address dialogs,
 * so the next checkout finds it again.
 */
export function SavedAddressChoice({ type, saved }: { type: AddressType; saved: ShippingInfo }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const address = saved[type];
  if (!address) {
    return (
      <button
        type="button"
        onClick={() => openModal("ADD_OR_UPDATE_ADDRESS", { type, address: null })}
        className="flex w-full items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 px-4 py-4 text-sm font-semibold text-stone-800 hover:border-brand hover:text-brand"
        data-add-address={type}
        data-focus-successor={`[data-edit-address="${type}"]`}
      >
        <PlusIcon className="size-5" />
        {t(`address.add-${type}`)}
      </button>
    );
  }
  return (
    <AddressCard address={address}>
      <button
        type="button"
        onClick={() => openModal("ADD_OR_UPDATE_ADDRESS", { type, address })}
        className={stepButtonClass}
        aria-label={t(`address.edit-${type}`)}
        data-edit-address={type}
      >
        <PencilIcon className="size-4" />
        {t("checkout.edit")}
      </button>
      <button
        type="button"
        onClick={() => openModal("DELETE_ADDRESS", { type })}
        className={stepButtonClass}
        aria-label={t(`address.delete-${type}`)}
        data-delete-address-button={type}
        data-focus-successor={`[data-add-address="${type}"]`}
      >
        <TrashIcon className="size-4" />
        {t("checkout.delete")}
      </button>
    </AddressCard>
  );
}

/**
 * A guest's address for this order only: kept in the checkout state, entered through the guest
 * address dialogs (ADD_OR_UPDATE_GUEST_ADDRESS, UPDATE_GUEST_ADDRESS, ADD_OR_UPDATE_GUEST_BILLING_ADDRESS).
 */
export function GuestAddressChoice({ type, address }: { type: AddressType; address: SavedAddress | null }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const open = () => {
    if (type === "billing") openModal("ADD_OR_UPDATE_GUEST_BILLING_ADDRESS");
    else openModal(address ? "UPDATE_GUEST_ADDRESS" : "ADD_OR_UPDATE_GUEST_ADDRESS");
  };
  if (!address) {
    return (
      <button
        type="button"
        onClick={open}
        className="flex w-full items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 px-4 py-4 text-sm font-semibold text-stone-800 hover:border-brand hover:text-brand"
        data-add-address={type}
        data-focus-successor={`[data-edit-address="${type}"]`}
      >
        <PlusIcon className="size-5" />
        {t(`address.add-${type}`)}
      </button>
    );
  }
  return (
    <AddressCard address={address}>
      <button
        type="button"
        onClick={open}
        className={stepButtonClass}
        aria-label={t(`address.edit-${type}`)}
        data-edit-address={type}
      >
        <PencilIcon className="size-4" />
        {t("checkout.edit")}
      </button>
    </AddressCard>
  );
}
