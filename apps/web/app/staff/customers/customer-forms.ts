import { FIELD_ERROR_KEYS, staffWalletAdjustBodySchema } from "@stoa/contract";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { type Validation, validateWith } from "../../platform/form-values.ts";

/** The console's customer list address: `?q=` part of a name, email or phone, `guests=1`, `page=`. */
export type CustomerListParams = { q: string; guests: boolean; page: number };

export function customerListParams(query: URLSearchParams): CustomerListParams {
  const page = Number(query.get("page") ?? "1");
  return {
    q: (query.get("q") ?? "").trim().slice(0, 100),
    guests: query.get("guests") === "1",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function customerListHref({ q, guests, page }: CustomerListParams): string {
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  if (guests) query.set("guests", "1");
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `/staff/customers${text ? `?${text}` : ""}`;
}

/** The wallet form as typed: add or take, an amount in major units, the reason. */
export type WalletFormText = { direction: "add" | "take"; amount: string; reason: string };

export function walletFormText(form: FormData): WalletFormText {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    direction: text("direction") === "take" ? "take" : "add",
    amount: text("amount"),
    reason: text("reason"),
  };
}

/** Minor units of an amount typed in major units (up to two decimals, `.` or `,`); NaN for anything else. */
export function minorOf(text: string): number {
  const value = text.trim().replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The adjustment for the API, checked by the contract's own schema: credit positive, taking negative. */
export function walletFormBody(customerId: number, text: WalletFormText) {
  const minor = minorOf(text.amount);
  const check = validateWith(staffWalletAdjustBodySchema, {
    customerId,
    amount: text.direction === "take" ? -minor : minor,
    reason: text.reason,
  });
  if (check.ok) return check;
  const fields: FieldErrors = { ...check.fields };
  if (fields.amount && text.amount.trim() === "") fields.amount = FIELD_ERROR_KEYS.required;
  return { ok: false, fields } as Validation<never>;
}
