import { contactMessageBodySchema } from "@stoa/contract";
import { formValues } from "../platform/form-values.ts";
import type { ContactField, ContactTyped } from "./contact-form.ts";

const SHAPE = contactMessageBodySchema.shape;
const FIELDS = Object.keys(SHAPE) as ContactField[];

/** The fields the message may go without, as the contract's schema says. */
const OPTIONAL = new Set(FIELDS.filter((field) => SHAPE[field].safeParse(undefined).success));

/**
 * The contact form as posted: what the shopper typed (to give back with a refused form), and the
 * message body to check and send, where an optional field left blank is left out. A blank phone
 * is no phone, not a wrongly written one, and must not be refused as one.
 */
export function contactMessageOf(form: FormData): { typed: ContactTyped; body: ContactTyped } {
  const typed: ContactTyped = formValues(form, FIELDS) as ContactTyped;
  const body: ContactTyped = {};
  for (const field of FIELDS) {
    const value = typed[field];
    if (value === undefined || (OPTIONAL.has(field) && value.trim() === "")) continue;
    body[field] = value;
  }
  return { typed, body };
}
