import type { StaffOrder } from "@stoa/contract";

/** What the refund form holds, as sent: kept to show the form again as it was typed. */
export type RefundFormValues = {
  scope: "whole" | "lines";
  /** Units to refund by order line id, as typed. */
  quantities: Record<string, string>;
  restock: boolean;
  reason: string;
  refundTo: "" | "wallet" | "cash";
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The units of a line still to refund: bought, less those refunded or asked back already. */
export function unitsLeft(line: Pick<StaffOrder["lines"][number], "quantity" | "refundRequested">): number {
  return Math.max(0, line.quantity - line.refundRequested);
}

/** The refund form's fields (`scope`, `qty.<line id>`, `restock`, `reason`, `refundTo`). */
export function refundFormValues(form: FormData, order: Pick<StaffOrder, "lines">): RefundFormValues {
  const quantities: Record<string, string> = {};
  for (const line of order.lines) quantities[String(line.id)] = text(form, `qty.${line.id}`).trim();
  const refundTo = text(form, "refundTo");
  return {
    scope: text(form, "scope") === "whole" ? "whole" : "lines",
    quantities,
    restock: form.get("restock") === "on" || form.get("restock") === "true",
    reason: text(form, "reason"),
    refundTo: refundTo === "wallet" || refundTo === "cash" ? refundTo : "",
  };
}

/**
 * The body of the refund call from the form's values: the lines with a quantity typed (blank and 0
 * are left out; anything else goes to the API, whose field errors name the line's position).
 */
export function refundBodyOf(orderId: number, values: RefundFormValues, preview: boolean) {
  const lines =
    values.scope === "whole"
      ? []
      : Object.entries(values.quantities)
          .filter(([, quantity]) => quantity !== "" && quantity !== "0")
          .map(([orderLineId, quantity]) => ({ orderLineId: Number(orderLineId), quantity }));
  return {
    orderId,
    whole: values.scope === "whole",
    lines,
    restock: values.restock,
    reason: values.reason,
    refundTo: values.refundTo === "" ? null : values.refundTo,
    preview,
  };
}

/**
 * The API's field errors of a refund's lines (`lines.<position>.quantity`) on the form's own
 * fields (`qty.<line id>`); other fields keep their names.
 */
export function refundFieldsOnForm(
  fields: Record<string, string>,
  sent: { orderLineId: number | string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, key] of Object.entries(fields)) {
    const match = /^lines\.(\d+)\.(quantity|orderLineId)$/.exec(name);
    const line = match ? sent[Number(match[1])] : undefined;
    out[line ? `qty.${line.orderLineId}` : name] = key;
  }
  return out;
}
