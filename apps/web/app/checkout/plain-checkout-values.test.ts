import { describe, expect, it } from "vitest";
import { timeOf, timeValue } from "./plain-checkout-values.ts";

describe("the plain checkout's time choice", () => {
  it("carries a window as one option value and reads it back", () => {
    const window = { start: "2030-01-14T09:00:00.000Z", end: "2030-01-14T10:00:00.000Z" };
    expect(timeOf(timeValue(window))).toEqual(window);
  });

  it("reads as soon as possible (no value) and anything else as no time", () => {
    expect(timeOf("")).toBeNull();
    expect(timeOf(undefined)).toBeNull();
    expect(timeOf("2030-01-14T09:00:00.000Z")).toBeNull();
  });
});
