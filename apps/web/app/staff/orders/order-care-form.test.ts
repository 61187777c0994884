import { describe, expect, it } from "vitest";
import { refundBodyOf, refundFieldsOnForm, refundFormValues, unitsLeft } from "./order-care-form.ts";

const order = { lines: [{ id: 7 }, { id: 9 }] } as never;

describe("the refund form", () => {
  it("reads the lines typed, leaving blank and zero out", () => {
    const form = new FormData();
    form.set("scope", "lines");
    form.set("qty.7", " 2 ");
    form.set("qty.9", "0");
    form.set("restock", "on");
    form.set("reason", "Bruised");
    const values = refundFormValues(form, order);
    expect(values).toEqual({
      scope: "lines",
      quantities: { "7": "2", "9": "0" },
      restock: true,
      reason: "Bruised",
      refundTo: "",
    });
    expect(refundBodyOf(5, values, true)).toEqual({
      orderId: 5,
      whole: false,
      lines: [{ orderLineId: 7, quantity: "2" }],
      restock: true,
      reason: "Bruised",
      refundTo: null,
      preview: true,
    });
  });

  it("sends no lines for the whole order, and puts line errors on their fields", () => {
    const form = new FormData();
    form.set("scope", "whole");
    form.set("qty.7", "1");
    form.set("refundTo", "cash");
    const body = refundBodyOf(5, refundFormValues(form, order), false);
    expect(body).toMatchObject({ whole: true, lines: [], restock: false, refundTo: "cash", preview: false });
    expect(
      refundFieldsOnForm({ "lines.1.quantity": "error-field-too-large", reason: "error-field-too-long" }, [
        { orderLineId: 7 },
        { orderLineId: 9 },
      ]),
    ).toEqual({ "qty.9": "error-field-too-large", reason: "error-field-too-long" });
    expect(unitsLeft({ quantity: 4, refundRequested: 3 })).toBe(1);
  });
});
