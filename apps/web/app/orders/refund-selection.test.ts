import { describe, expect, it } from "vitest";
import { validateWith } from "../platform/form-values.ts";
import {
  refundableLines,
  refundableQuantity,
  refundFieldNames,
  refundFormSchema,
  refundLineIdsOf,
  refundRequestOf,
} from "./refund-selection.ts";

describe("refundable quantities", () => {
  it("are what was bought less what is already asked back", () => {
    expect(refundableQuantity({ quantity: 3, refundRequested: 0 })).toBe(3);
    expect(refundableQuantity({ quantity: 3, refundRequested: 2 })).toBe(1);
    expect(refundableQuantity({ quantity: 3, refundRequested: 3 })).toBe(0);
    // Never below zero, whatever the server counted.
    expect(refundableQuantity({ quantity: 1, refundRequested: 4 })).toBe(0);
  });

  it("leave out lines with nothing left to ask back", () => {
    const lines = [
      { id: 1, quantity: 2, refundRequested: 2 },
      { id: 2, quantity: 2, refundRequested: 1 },
      { id: 3, quantity: 1, refundRequested: 0 },
    ];
    expect(refundableLines(lines).map((line) => line.id)).toEqual([2, 3]);
  });

  it("name a box and a quantity per line", () => {
    expect(refundFieldNames([7, 9])).toEqual([
      "orderId",
      "reason",
      "line.7",
      "quantity.7",
      "line.9",
      "quantity.9",
    ]);
  });
});

describe("refund request from the form", () => {
  const left = new Map([
    [7, 2],
    [9, 1],
  ]);

  it("sends the ticked lines with their quantities and the reason", () => {
    const check = refundRequestOf(
      {
        orderId: "41",
        reason: "  Arrived broken ",
        line: { "7": "on" },
        quantity: { "7": "2", "9": "1" },
      },
      left,
    );
    expect(check).toEqual({
      ok: true,
      data: { orderId: 41, reason: "Arrived broken", lines: [{ orderLineId: 7, quantity: 2 }] },
    });
  });

  it("asks for a line and a reason", () => {
    const check = refundRequestOf({ orderId: "41", reason: " ", quantity: { "7": "1" } }, left);
    expect(check).toEqual({
      ok: false,
      fields: { lines: "error-field-required", reason: "error-field-required" },
    });
  });

  it("refuses more than is left on the quantity's own field", () => {
    const check = refundRequestOf(
      {
        orderId: "41",
        reason: "Wrong size",
        line: { "7": "on", "9": "on" },
        quantity: { "7": "1", "9": "2" },
      },
      left,
    );
    expect(check).toEqual({ ok: false, fields: { "quantity.9": "error-field-too-large" } });
  });

  it("refuses a quantity that is not a whole number of at least one", () => {
    for (const quantity of ["0", "-1", "1.5", "", "two"]) {
      const check = refundRequestOf(
        { orderId: "41", reason: "Late", line: { "7": "on" }, quantity: { "7": quantity } },
        left,
      );
      expect(check, quantity).toEqual({ ok: false, fields: { "quantity.7": "error-field-too-small" } });
    }
  });

  it("refuses a line the order does not offer", () => {
    const check = refundRequestOf(
      { orderId: "41", reason: "Late", line: { "8": "on" }, quantity: { "8": "1" } },
      left,
    );
    expect(check).toEqual({ ok: false, fields: { "line.8": "error-field-invalid" } });
  });

  it("leaves the limits to the store API when it does not know them", () => {
    const check = refundRequestOf({
      orderId: "41",
      reason: "Late",
      line: { "8": "on" },
      quantity: { "8": "5" },
    });
    expect(check).toEqual({
      ok: true,
      data: { orderId: 41, reason: "Late", lines: [{ orderLineId: 8, quantity: 5 }] },
    });
  });
});

describe("refund form check", () => {
  const left = new Map([[7, 2]]);

  it("puts each failure on its field, as the form shows it", () => {
    const check = validateWith(refundFormSchema(left), {
      orderId: "41",
      reason: "",
      line: { "7": "on" },
      quantity: { "7": "3" },
    });
    expect(check).toEqual({
      ok: false,
      fields: { reason: "error-field-required", "quantity.7": "error-field-too-large" },
    });
  });

  it("passes a good request through", () => {
    const check = validateWith(refundFormSchema(left), {
      orderId: "41",
      reason: "Too small",
      line: { "7": "on" },
      quantity: { "7": "2" },
    });
    expect(check.ok).toBe(true);
  });

  it("finds the lines a submitted form speaks of", () => {
    expect(refundLineIdsOf(["orderId", "line.7", "quantity.7", "line.12", "line.x", "line.7"])).toEqual([
      7, 12,
    ]);
  });
});
