// Plain checks of the addresses the storefront keeps with a saved checkout in browser storage,
// without zod: see platform/plain-checks.ts and decision 026. Each answers what its schema in
// ./schemas.ts answers (texts trimmed, defaults filled in); checks.test.ts holds them to it.
import { isObject, trimmedText } from "../platform/plain-checks.ts";
import type { ShippingInfo } from "./schemas.ts";

type BillingAddress = NonNullable<ShippingInfo["billing"]>;
type ShippingAddress = NonNullable<ShippingInfo["shipping"]>;
type AddressFields = BillingAddress["address"];

function asAddressFields(value: unknown): AddressFields | null {
  if (!isObject(value)) return null;
  const street_address = trimmedText(value.street_address, 1, 200);
  const country = trimmedText(value.country, 1, 80);
  const city = trimmedText(value.city, 1, 80);
  const state = trimmedText(value.state, 0, 80, "");
  const zip = trimmedText(value.zip, 0, 20, "");
  if (street_address === null || country === null || city === null || state === null || zip === null)
    return null;
  return { street_address, country, city, state, zip };
}

/** `billingAddressSchema`. */
export function asBillingAddress(value: unknown): BillingAddress | null {
  if (!isObject(value)) return null;
  const title = trimmedText(value.title, 0, 80, "");
  const billingName = trimmedText(value.billingName, 1, 120);
  const address = asAddressFields(value.address);
  const type = value.type === undefined ? "billing" : value.type;
  if (title === null || type !== "billing" || billingName === null || !address) return null;
  return { title, type, billingName, address };
}

/** `shippingAddressSchema`. */
export function asShippingAddress(value: unknown): ShippingAddress | null {
  if (!isObject(value)) return null;
  const title = trimmedText(value.title, 0, 80, "");
  const customerName = trimmedText(value.customerName, 1, 120);
  const buzz_code = trimmedText(value.buzz_code, 0, 20, "");
  const unit_number = trimmedText(value.unit_number, 0, 20, "");
  const address = asAddressFields(value.address);
  const type = value.type === undefined ? "shipping" : value.type;
  if (
    title === null ||
    type !== "shipping" ||
    customerName === null ||
    buzz_code === null ||
    unit_number === null ||
    !address
  )
    return null;
  return { title, type, customerName, buzz_code, unit_number, address };
}
