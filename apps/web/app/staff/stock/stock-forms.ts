import {
  FIELD_ERROR_KEYS,
  STAFF_STOCK_FILTERS,
  STOCK_MOVEMENT_REASONS,
  type StaffStockFilter,
  type StockMovementReason,
  staffStockAdjustBodySchema,
  staffStockThresholdBodySchema,
} from "@stoa/contract";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";

/** The stock list's address: words or a code, which products, the page. */
export type StockListParams = { q: string; filter: StaffStockFilter; page: number };

export function stockListParams(search: URLSearchParams): StockListParams {
  const filter = search.get("filter");
  const page = Number(search.get("page"));
  return {
    q: (search.get("q") ?? "").trim().slice(0, 100),
    filter: (STAFF_STOCK_FILTERS as readonly string[]).includes(filter ?? "")
      ? (filter as StaffStockFilter)
      : "all",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function stockListHref({ q, filter, page }: StockListParams): string {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (filter !== "all") search.set("filter", filter);
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return `/staff/stock${text ? `?${text}` : ""}`;
}

/** What an adjustment form held, as typed: shown again when it is refused. */
export type AdjustText = {
  productId: string;
  variationId: string;
  reason: string;
  quantity: string;
  expected: string;
  note: string;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function adjustText(form: FormData): AdjustText {
  return {
    productId: text(form, "productId"),
    variationId: text(form, "variationId"),
    reason: text(form, "reason"),
    quantity: text(form, "quantity"),
    expected: text(form, "expected"),
    note: text(form, "note"),
  };
}

/** A whole number as typed, or NaN (an empty field is no number). */
const whole = (value: string) => (/^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN);

/** The adjustment's body, checked by the contract's own schema, or its field errors. */
export function adjustBody(typed: AdjustText) {
  const reason = typed.reason as StockMovementReason;
  if (!(STOCK_MOVEMENT_REASONS as readonly string[]).includes(reason))
    return { ok: false as const, fields: { reason: FIELD_ERROR_KEYS.invalid } as FieldErrors };
  if (typed.quantity.trim() === "")
    return { ok: false as const, fields: { quantity: FIELD_ERROR_KEYS.required } as FieldErrors };
  return validateWith(staffStockAdjustBodySchema, {
    productId: whole(typed.productId),
    variationId: typed.variationId === "" ? null : whole(typed.variationId),
    reason,
    quantity: whole(typed.quantity),
    expected: reason === "counted" ? whole(typed.expected) : null,
    note: typed.note,
  });
}

/** The threshold form's body: an empty field returns the product to the default. */
export function thresholdBody(productId: number, typed: string) {
  return validateWith(staffStockThresholdBodySchema, {
    productId,
    threshold: typed.trim() === "" ? null : whole(typed),
  });
}

/** A product id of a console address (`/staff/stock/:id`), or null. */
export function stockProductIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return /^\d{1,9}$/.test(param ?? "") && id >= 1 ? id : null;
}
