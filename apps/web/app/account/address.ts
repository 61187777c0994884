import type { AddressBook, BookAddress, ShippingInfo } from "@stoa/contract";

export const ADDRESS_TYPES = ["billing", "shipping"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export type BillingAddress = NonNullable<ShippingInfo["billing"]>;
export type ShippingAddress = NonNullable<ShippingInfo["shipping"]>;
export type SavedAddress = BillingAddress | ShippingAddress;

export function isAddressType(value: unknown): value is AddressType {
  return value === "billing" || value === "shipping";
}

const PLACE = ["address.street_address", "address.city", "address.state", "address.zip", "address.country"];

/** Form fields of each address (spec §3): shipping adds a recipient, unit and buzz code; billing a name. */
export const ADDRESS_FIELDS: Record<AddressType, readonly string[]> = {
  billing: ["title", "billingName", ...PLACE],
  shipping: ["title", "customerName", "unit_number", "buzz_code", ...PLACE],
};

/** Who the address is for: the billing name or the shipping recipient. */
export function addressName(address: SavedAddress): string {
  return address.type === "billing" ? address.billingName : address.customerName;
}

/** The address as display lines: street (with unit), city with state and zip, country. */
export function addressLines(address: SavedAddress): string[] {
  const { street_address, city, state, zip, country } = address.address;
  const unit = address.type === "shipping" ? address.unit_number : "";
  return [
    [unit, street_address].filter(Boolean).join(" – "),
    [city, [state, zip].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    country,
  ].filter(Boolean);
}

/** An address of the book as an order or a form holds it: without the book's id and default mark. */
export function plainAddress(address: BookAddress): SavedAddress {
  const { id: _id, isDefault: _isDefault, ...plain } = address;
  return plain as SavedAddress;
}

function addressKey(address: SavedAddress): string {
  const { street_address, city, state, zip, country } = address.address;
  const extra = address.type === "shipping" ? [address.unit_number, address.buzz_code] : [];
  return JSON.stringify([
    address.type,
    address.title,
    addressName(address),
    ...extra,
    street_address,
    city,
    state,
    zip,
    country,
  ]);
}

/** The same address, whatever object holds it (an order's, the book's, the checkout's). */
export function sameAddress(a: SavedAddress | null, b: SavedAddress | null): boolean {
  if (!a || !b) return a === b;
  return addressKey(a) === addressKey(b);
}

/** The book's addresses of one type, oldest first. */
export function addressesOfType<T extends AddressType>(book: AddressBook, type: T) {
  return book.addresses.filter((address) => address.type === type);
}

/** The default address of a type, or null when the book has none of it. */
export function defaultAddressOf(book: AddressBook, type: AddressType): BookAddress | null {
  return book.addresses.find((address) => address.type === type && address.isDefault) ?? null;
}
