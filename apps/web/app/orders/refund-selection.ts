import { FIELD_ERROR_KEYS, type OrderLine, refundRequestBodySchema } from "@stoa/contract";
import type { FieldErrors } from "../platform/api/form-answer.ts";
import { type Schema, type Validation, validateWith } from "../platform/form-values.ts";

export type RefundRequestBody = ReturnType<typeof refundRequestBodySchema.parse>;

/** Units of a line that may still be asked back: bought, less those in requests not declined. */
export function refundableQuantity(line: Pick<OrderLine, "quantity" | "refundRequested">): number {
  return Math.max(0, line.quantity - line.refundRequested);
}

/** The lines REFUND_REQUEST offers: those with something left to ask back. */
export function refundableLines<L extends Pick<OrderLine, "quantity" | "refundRequested">>(
  lines: readonly L[],
): L[] {
  return lines.filter((line) => refundableQuantity(line) > 0);
}

/** Field names of REFUND_REQUEST: a box per line (`line.<id>`), its quantity, and the reason. */
export function refundFieldNames(lineIds: readonly number[]): string[] {
  return ["orderId", "reason", ...lineIds.flatMap((id) => [`line.${id}`, `quantity.${id}`])];
}

type RefundFormValues = {
  orderId?: unknown;
  reason?: unknown;
  line?: unknown;
  quantity?: unknown;
};

const wholeNumber = (value: unknown) =>
  typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : Number.NaN;

/**
 * The request body from REFUND_REQUEST's fields: the ticked lines with their quantities and the
 * reason, checked with the contract's schema. With `refundable` (line id → units left), a quantity
 * above what is left is refused on its own field before anything is sent; without it (the server
 * action, which does not hold the order) the store API is the judge.
 */
export function refundRequestOf(
  values: RefundFormValues,
  refundable?: ReadonlyMap<number, number>,
): Validation<RefundRequestBody> {
  const ticked = typeof values.line === "object" && values.line !== null ? values.line : {};
  const quantities = (
    typeof values.quantity === "object" && values.quantity !== null ? values.quantity : {}
  ) as Record<string, unknown>;
  const fields: FieldErrors = {};
  const lines: { orderLineId: number; quantity: number }[] = [];
  for (const [id, on] of Object.entries(ticked)) {
    if (!on) continue;
    const quantity = wholeNumber(quantities[id]);
    const left = refundable?.get(Number(id));
    if (refundable && left === undefined) fields[`line.${id}`] = FIELD_ERROR_KEYS.invalid;
    else if (Number.isNaN(quantity) || quantity < 1) fields[`quantity.${id}`] = FIELD_ERROR_KEYS.tooSmall;
    else if (left !== undefined && quantity > left) fields[`quantity.${id}`] = FIELD_ERROR_KEYS.tooLarge;
    else lines.push({ orderLineId: Number(id), quantity });
  }
  const check = validateWith(refundRequestBodySchema, {
    orderId: values.orderId,
    reason: values.reason ?? "",
    lines,
  });
  if (Object.keys(fields).length > 0) {
    return { ok: false, fields: { ...(check.ok ? {} : withoutLines(check.fields)), ...fields } };
  }
  return check;
}

/** "No line chosen" says nothing new when a chosen line is already marked wrong. */
function withoutLines(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !name.startsWith("lines")));
}

/**
 * REFUND_REQUEST's check as a schema, for the form's own check before sending: the same rules as
 * refundRequestOf, each failure on its field.
 */
export function refundFormSchema(refundable: ReadonlyMap<number, number>): Schema<RefundRequestBody> {
  return {
    safeParse(values) {
      const check = refundRequestOf((values ?? {}) as RefundFormValues, refundable);
      if (check.ok) return { success: true, data: check.data };
      const issues = Object.entries(check.fields).map(([field, message]) => ({
        path: field.split("."),
        message,
      }));
      return { success: false, error: { issues } };
    },
  };
}

/** The line ids a submitted REFUND_REQUEST speaks of, from its `line.<id>` boxes. */
export function refundLineIdsOf(names: Iterable<string>): number[] {
  const ids = new Set<number>();
  for (const name of names) {
    const match = /^line\.(\d{1,9})$/.exec(name);
    if (match) ids.add(Number(match[1]));
  }
  return [...ids];
}
