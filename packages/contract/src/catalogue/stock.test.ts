import { describe, expect, it } from "vitest";
import { canAddOneMore, clampQuantity, maxQuantity } from "./stock.ts";

describe("stock rule of spec §4", () => {
  it("allows one more only while the quantity is below the stock", () => {
    expect(canAddOneMore(2, 3)).toBe(true);
    expect(canAddOneMore(3, 3)).toBe(false);
    expect(canAddOneMore(0, 0)).toBe(false);
  });

  it("keeps a picked quantity between 1 and the stock", () => {
    expect(clampQuantity(5, 3)).toBe(3);
    expect(clampQuantity(0, 3)).toBe(1);
    expect(clampQuantity(-4, 3)).toBe(1);
    expect(clampQuantity(2.7, 9)).toBe(2);
    expect(clampQuantity(Number.NaN, 9)).toBe(1);
    expect(maxQuantity(0)).toBe(1);
  });
});
