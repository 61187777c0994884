import type { CheckoutDeliveryType, SavedCartLine } from "@stoa/contract";
import type { ActionFailure, FieldErrors } from "../platform/api/form-answer.ts";
import type { MissingChoices } from "./checkout-checks.ts";
import type { DeliveryOffering } from "./delivery-offer.ts";

/** The form's fields, named as the API names them, so its field errors land on them. */
export const PLAIN_CHECKOUT_FIELDS = [
  "customer_name",
  "customer_contact",
  "delivery_type",
  "shipping_address.address.street_address",
  "shipping_address.unit_number",
  "shipping_address.address.city",
  "shipping_address.address.zip",
  "shipping_address.address.country",
  "delivery_time",
  "pickupOption",
  "note",
  "refer_code",
] as const;
export type PlainCheckoutField = (typeof PLAIN_CHECKOUT_FIELDS)[number];
export type PlainCheckoutTyped = Partial<Record<PlainCheckoutField, string>>;

/** What a refused post renders again: what was typed, what to fix, and the key of the next attempt. */
export type PlainCheckoutAnswer = {
  typed: PlainCheckoutTyped;
  fields: FieldErrors;
  missing: MissingChoices;
  failure: ActionFailure | null;
  key: string;
};

export type PlainCheckoutPage = {
  lines: SavedCartLine[];
  offering: DeliveryOffering;
  deliveryTypes: CheckoutDeliveryType[];
  /** The key the first press of "Place order" carries. */
  key: string;
  /** The code a followed share link left (the referral field starts with it), or null. */
  referCode: string | null;
};

/** A chosen time as the plain checkout's options carry it: the window's start and end. */
export const timeValue = (window: { start: string; end: string }) => `${window.start}/${window.end}`;

export function timeOf(value: string | undefined): { start: string; end: string } | null {
  const [start, end] = (value ?? "").split("/");
  return start && end ? { start, end } : null;
}
