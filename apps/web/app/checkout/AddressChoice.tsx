import type { AddressBook } from "@stoa/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  type AddressType,
  addressesOfType,
  addressLines,
  addressName,
  plainAddress,
  type SavedAddress,
  sameAddress,
} from "../account/address.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CheckCircleIcon, MapPinIcon, PencilIcon, PlusIcon } from "../platform/ui/icons.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { ChoiceCard, stepButtonClass } from "./CheckoutParts.tsx";
import { useCheckout } from "./CheckoutProvider.tsx";

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

function AddressOption({
  type,
  address,
  checked,
  onChange,
  value,
  badge,
}: {
  type: AddressType;
  address: SavedAddress;
  checked: boolean;
  onChange: () => void;
  value: string;
  badge: ReactNode;
}) {
  return (
    <div data-address-option={value} data-address-in-use={checked ? type : undefined}>
      <ChoiceCard
        name={`${type}_address_choice`}
        value={value}
        checked={checked}
        onChange={onChange}
        icon={<MapPinIcon className="size-5" />}
        title={
          <span className="flex flex-wrap items-center gap-2">
            <bdi>{addressName(address)}</bdi>
            {address.title ? (
              <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-stone-600 ring-1 ring-stone-200">
                <bdi>{address.title}</bdi>
              </span>
            ) : null}
            {badge}
          </span>
        }
        detail={addressLines(address).map((line) => (
          <span key={line} className="block">
            <bdi>{line}</bdi>
          </span>
        ))}
      />
    </div>
  );
}

/**
 * A signed-in customer's billing or shipping address for this order (decision 051): one of their
 * address book, the default chosen first, or a new one, saved to the book or kept for this order only.
 */
export function SavedAddressChoice({ type, book }: { type: AddressType; book: AddressBook }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { state, choose } = useCheckout();
  const current = type === "billing" ? state.billing_address : state.shipping_address;
  const addresses = addressesOfType(book, type);
  const selected = addresses.find((address) => sameAddress(plainAddress(address), current)) ?? null;
  const oneOff = current && !selected ? current : null;
  const pick = (address: SavedAddress) =>
    choose(address.type === "billing" ? { billing_address: address } : { shipping_address: address });
  if (addresses.length === 0 && !oneOff) {
    return (
      <button
        type="button"
        onClick={() => openModal("ADD_OR_UPDATE_ADDRESS", { type, address: null, forOrder: true })}
        className="flex w-full items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 px-4 py-4 text-sm font-semibold text-stone-800 hover:border-brand hover:text-brand"
        data-add-address={type}
        data-focus-successor={`[data-edit-address="${type}"], [data-new-address="${type}"]`}
      >
        <PlusIcon className="size-5" />
        {t(`address.add-${type}`)}
      </button>
    );
  }
  return (
    <fieldset data-address-book-choice={type}>
      <legend className="sr-only">{t(`checkout.address.choose-${type}`)}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {addresses.map((address) => (
          <AddressOption
            key={address.id}
            type={type}
            address={address}
            value={String(address.id)}
            checked={address === selected}
            onChange={() => pick(plainAddress(address))}
            badge={
              address.isDefault ? (
                <span className="rounded-full bg-brand/10 px-2 py-0.5 text-xs font-semibold text-brand">
                  {t("address.default")}
                </span>
              ) : null
            }
          />
        ))}
        {oneOff ? (
          <AddressOption
            type={type}
            address={oneOff}
            value="once"
            checked
            onChange={() => {}}
            badge={
              <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
                {t("checkout.address.once")}
              </span>
            }
          />
        ) : null}
      </div>
      <p className="sr-only">{t("checkout.address.in-use")}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {selected ? (
          <button
            type="button"
            onClick={() => openModal("ADD_OR_UPDATE_ADDRESS", { type, address: selected, forOrder: true })}
            className={stepButtonClass}
            aria-label={t(`address.edit-${type}`)}
            data-edit-address={type}
          >
            <PencilIcon className="size-4" />
            {t("checkout.edit")}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => openModal("ADD_OR_UPDATE_ADDRESS", { type, address: null, forOrder: true })}
          className={stepButtonClass}
          data-new-address={type}
        >
          <PlusIcon className="size-4" />
          {t("checkout.address.new")}
        </button>
        <Link to="/addresses" className="text-sm font-medium text-brand underline-offset-2 hover:underline">
          {t("checkout.address.manage")}
        </Link>
      </div>
    </fieldset>
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
