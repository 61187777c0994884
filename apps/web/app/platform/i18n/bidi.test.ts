import { describe, expect, it } from "vitest";
import { isolated, leftToRight } from "./bidi.ts";

describe("bidi isolation", () => {
  it("wraps the shopper's words in direction isolates", () => {
    expect(isolated("milk")).toBe("\u2068milk\u2069");
  });

  it("isolates amounts left to right", () => {
    expect(leftToRight("€249.00")).toBe("\u2066€249.00\u2069");
  });
});
