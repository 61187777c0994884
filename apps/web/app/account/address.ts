import type { ShippingInfo } from "@stoa/contract";

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
