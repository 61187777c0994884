import { FIELD_ERROR_KEYS, type TabCheckoutBodyInput, tabCheckoutBodySchema } from "@stoa/contract";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";

/*
 * The bill's pay form as a plain form posts it (decision 065 "The bill"): the share (the whole
 * rest, part k of N, or the dishes ticked), the tip (a percent button or an amount typed in the
 * shop's major units), the coupon, the receipt's email, and the card typed into the test-card form.
 */

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const whole = (form: FormData, name: string) => {
  const value = Number(text(form, name));
  return Number.isInteger(value) ? value : Number.NaN;
};

/** The tip as chosen: a percent button, or an amount in major units ("2.50") sent in minor units. */
function tipOf(form: FormData): TabCheckoutBodyInput["tip_option"] | "bad" {
  const choice = text(form, "tip");
  if (choice === "" || choice === "0") return null;
  if (choice !== "amount") {
    const percent = Number(choice);
    return Number.isInteger(percent) && percent > 0 ? { type: "percent", value: percent } : "bad";
  }
  const typed = text(form, "tipAmount").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return "bad";
  return { type: "amount", value: Math.round(Number(typed) * 100) };
}

/** The body of `cateringOrderCheckout`, or the form's fields in error. */
export function tabCheckoutBodyOf(
  form: FormData,
): { ok: true; body: ReturnType<typeof tabCheckoutBodySchema.parse> } | { ok: false; fields: FieldErrors } {
  const kind = text(form, "share");
  const way = text(form, "way") === "counter" ? "counter" : "card";
  const tip = tipOf(form);
  if (tip === "bad") return { ok: false, fields: { tipAmount: FIELD_ERROR_KEYS.invalid } };
  const share =
    kind === "even"
      ? { kind, parts: whole(form, "parts"), part: whole(form, "part") }
      : kind === "items"
        ? { kind, lineIds: form.getAll("lineIds").map((id) => Number(id)) }
        : { kind: "whole" as const };
  const check = validateWith(tabCheckoutBodySchema, {
    share,
    way,
    tip_option: tip,
    coupon: text(form, "coupon") || null,
    email: text(form, "email"),
    credit_card:
      way === "card"
        ? {
            number: text(form, "number").replace(/\s+/g, ""),
            expiryMonth: whole(form, "expiryMonth"),
            expiryYear: whole(form, "expiryYear"),
            cvc: text(form, "cvc"),
            name: text(form, "name"),
          }
        : null,
  });
  if (!check.ok) {
    // The card's fields post under their own names: its errors are shown beside them.
    const fields: FieldErrors = {};
    for (const [path, key] of Object.entries(check.fields))
      fields[path.replace(/^credit_card\./, "").replace(/^share\./, "")] = key;
    return { ok: false, fields };
  }
  return { ok: true, body: check.data };
}
