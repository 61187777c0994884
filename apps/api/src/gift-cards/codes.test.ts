import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cardOfCode, giftCardCode } from "./codes.ts";

const key = randomBytes(32);

describe("gift card codes", () => {
  it("name their line and unit, in four groups of four", () => {
    const code = giftCardCode(key, 41, { orderLineId: 123_456, unit: 3 });
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(cardOfCode(key, 41, code)).toEqual({ orderLineId: 123_456, unit: 3 });
  });

  it("are read however they are typed", () => {
    const code = giftCardCode(key, 41, { orderLineId: 7, unit: 1 });
    const typed = ` ${code.toLowerCase().replace(/-/g, " ").replace(/0/g, "o").replace(/1/g, "l")} `;
    expect(cardOfCode(key, 41, typed)).toEqual({ orderLineId: 7, unit: 1 });
  });

  it("are no other shop's, no other key's, and not made up", () => {
    const code = giftCardCode(key, 41, { orderLineId: 7, unit: 1 });
    expect(cardOfCode(key, 42, code)).toBeNull();
    expect(cardOfCode(randomBytes(32), 41, code)).toBeNull();
    const changed = `${code.slice(0, -1)}${code.endsWith("Z") ? "Y" : "Z"}`;
    expect(cardOfCode(key, 41, changed)).toBeNull();
    for (const typed of ["", "SAVE5", "x".repeat(16), `${code}-0000`])
      expect(cardOfCode(key, 41, typed)).toBeNull();
  });
});
