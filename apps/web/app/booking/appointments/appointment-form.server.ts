import { type BookingCreateRequest, bookingCreateBodySchema } from "@stoa/contract";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";

/*
 * The booking form as a plain form posts it: the chosen start (a radio), the service and resource
 * (hidden), the shopper's details, and for a deposit the card typed into the checkout's card
 * fields. The shopper's name is `contactName`, since the card's holder is `name`.
 */

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const whole = (form: FormData, name: string) => {
  const value = Number(text(form, name));
  return Number.isInteger(value) ? value : Number.NaN;
};

/** The API's field names as the form's. */
export function formFieldOf(field: string): string {
  if (field === "name") return "contactName";
  return field.startsWith("credit_card.") ? field.slice("credit_card.".length) : field;
}

export function renameFields(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([field, key]) => [formFieldOf(field), key]));
}

/** The body of `bookingCreate`, or the form's fields in error. */
export function bookingBodyOf(
  form: FormData,
  withCard: boolean,
): { ok: true; body: BookingCreateRequest } | { ok: false; fields: FieldErrors } {
  const resource = text(form, "resourceId");
  const check = validateWith(bookingCreateBodySchema, {
    serviceId: whole(form, "serviceId"),
    resourceId: resource ? whole(form, "resourceId") : null,
    startsAt: text(form, "startsAt"),
    name: text(form, "contactName"),
    phone: text(form, "phone"),
    email: text(form, "email"),
    note: text(form, "note"),
    credit_card: withCard
      ? {
          number: text(form, "number").replace(/\s+/g, ""),
          expiryMonth: whole(form, "expiryMonth"),
          expiryYear: whole(form, "expiryYear"),
          cvc: text(form, "cvc"),
          name: text(form, "name"),
        }
      : null,
  });
  return check.ok ? { ok: true, body: check.data } : { ok: false, fields: renameFields(check.fields) };
}
