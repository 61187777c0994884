// Plain checks of the choices the storefront keeps with a saved checkout in browser storage,
// without zod: see platform/plain-checks.ts and decision 026. Each answers what its schema
// (./checkout.ts, ./pricing.ts) answers; checks.test.ts holds them to it.
import { isInt, isObject, isString } from "../platform/plain-checks.ts";
import type { DeliveryWindowRef, TipOption } from "./checkout.ts";
import { MAX_TIP_AMOUNT, MAX_TIP_PERCENT } from "./constants.ts";
import type { AppliedCoupon } from "./pricing.ts";

/**
 * The pattern of zod's `z.iso.datetime()` with its default options: a calendar date (leap days
 * included), a time with seconds and any fraction of them, in UTC (`Z`).
 */
const ISO_DATETIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$/;

function isIsoDatetime(value: unknown): value is string {
  return isString(value) && ISO_DATETIME.test(value);
}

/** `deliveryWindowRefSchema`. */
export function asDeliveryWindowRef(value: unknown): DeliveryWindowRef | null {
  if (!isObject(value) || !isIsoDatetime(value.start) || !isIsoDatetime(value.end)) return null;
  return { start: value.start, end: value.end };
}

/** `tipOptionSchema`: a percent of the goods or an amount, each within its limit. */
export function asTipOption(value: unknown): TipOption | null {
  if (!isObject(value) || !isInt(value.value) || value.value < 0) return null;
  const { type, value: amount } = value;
  if (type === "percent" && amount <= MAX_TIP_PERCENT) return { type, value: amount };
  if (type === "amount" && amount <= MAX_TIP_AMOUNT) return { type, value: amount };
  return null;
}

/** `appliedCouponSchema`. */
export function asAppliedCoupon(value: unknown): AppliedCoupon | null {
  if (!isObject(value) || !isString(value.code) || !isInt(value.amount)) return null;
  return { code: value.code, amount: value.amount };
}
