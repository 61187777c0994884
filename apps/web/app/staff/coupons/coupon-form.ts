import {
  FIELD_ERROR_KEYS,
  parseMajor,
  STAFF_COUPON_STATUSES,
  type StaffCoupon,
  type StaffCouponForm,
  type StaffCouponStatus,
  staffCouponFormSchema,
} from "@stoa/contract";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { type Validation, validateWith } from "../../platform/form-values.ts";

/**
 * The coupon form as typed: amounts in the currency's major units ("12.50"), a percent as a whole
 * number, days as `YYYY-MM-DD`, limits empty for none. A refused form is shown again from these, so
 * nothing typed is lost, with or without scripts.
 */
export type CouponFormText = {
  code: string;
  kind: string;
  value: string;
  minimumOrder: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  firstOrderOnly: boolean;
  isActive: boolean;
  advertised: boolean;
};

const TEXT_FIELDS = [
  "code",
  "kind",
  "value",
  "minimumOrder",
  "startsOn",
  "endsOn",
  "maxUses",
  "maxUsesPerCustomer",
] as const;

export function couponFormText(form: FormData): CouponFormText {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const typed = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)])) as Pick<
    CouponFormText,
    (typeof TEXT_FIELDS)[number]
  >;
  return {
    ...typed,
    firstOrderOnly: form.get("firstOrderOnly") === "on",
    isActive: form.get("isActive") === "on",
    advertised: form.get("advertised") === "on",
  };
}

/** Minor units of an amount typed in major units; NaN when it is none, so the schema says "invalid". */
function minorUnits(text: string): number {
  try {
    return parseMajor(text.replace(",", "."));
  } catch {
    return Number.NaN;
  }
}

/** A whole number typed; NaN for anything else (a fraction, a sign, letters). */
function whole(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

/** The typed form checked by the contract's own schema, so its field errors read as the API's. */
export function couponFormBody(text: CouponFormText): Validation<StaffCouponForm> {
  const fields: FieldErrors = {};
  const value = text.kind === "fixed" ? minorUnits(text.value) : whole(text.value);
  const check = validateWith(staffCouponFormSchema, {
    code: text.code,
    kind: text.kind,
    value: text.value === "" ? undefined : value,
    minimumOrder: text.minimumOrder === "" ? 0 : minorUnits(text.minimumOrder),
    startsOn: text.startsOn || null,
    endsOn: text.endsOn || null,
    maxUses: text.maxUses === "" ? null : whole(text.maxUses),
    maxUsesPerCustomer: text.maxUsesPerCustomer === "" ? null : whole(text.maxUsesPerCustomer),
    firstOrderOnly: text.firstOrderOnly,
    isActive: text.isActive,
    advertised: text.advertised,
  });
  if (check.ok) return check;
  for (const [field, key] of Object.entries(check.fields))
    fields[field] = field === "value" && text.value === "" ? FIELD_ERROR_KEYS.required : key;
  return { ok: false, fields };
}

const major = (minor: number) => (minor / 100).toFixed(2);

/** A coupon as the form shows it. */
export function textOfCoupon(coupon: StaffCoupon): CouponFormText {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === "fixed" ? major(coupon.value) : String(coupon.value),
    minimumOrder: coupon.minimumOrder === 0 ? "" : major(coupon.minimumOrder),
    startsOn: coupon.startsOn ?? "",
    endsOn: coupon.endsOn ?? "",
    maxUses: coupon.maxUses === null ? "" : String(coupon.maxUses),
    maxUsesPerCustomer: coupon.maxUsesPerCustomer === null ? "" : String(coupon.maxUsesPerCustomer),
    firstOrderOnly: coupon.firstOrderOnly,
    isActive: coupon.isActive,
    advertised: coupon.advertised,
  };
}

/** A new coupon's form: a percent, switched on, not advertised. */
export const NEW_COUPON_TEXT: CouponFormText = {
  code: "",
  kind: "percent",
  value: "",
  minimumOrder: "",
  startsOn: "",
  endsOn: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  firstOrderOnly: false,
  isActive: true,
  advertised: false,
};

export type CouponListParams = { q: string; status: StaffCouponStatus | null; page: number };

/** The list's filters from its address; anything malformed is simply not a filter. */
export function couponListParams(query: URLSearchParams): CouponListParams {
  const status = query.get("status") ?? "";
  const page = Number(query.get("page"));
  return {
    q: (query.get("q") ?? "").trim().slice(0, 32),
    status: (STAFF_COUPON_STATUSES as readonly string[]).includes(status)
      ? (status as StaffCouponStatus)
      : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function couponListHref(params: CouponListParams): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.status) query.set("status", params.status);
  if (params.page > 1) query.set("page", String(params.page));
  const search = query.toString();
  return `/staff/coupons${search ? `?${search}` : ""}`;
}

/** A page number from an address (`?page=`), 1 when there is none or it is malformed. */
export function pageOf(query: URLSearchParams): number {
  const page = Number(query.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
