import { describe, expect, it } from "vitest";
import { isolated, leftToRight, phoneNumbersLeftToRight } from "./bidi.ts";

describe("bidi isolation", () => {
  it("wraps the shopper's words in direction isolates", () => {
    expect(isolated("milk")).toBe("\u2068milk\u2069");
  });

  it("isolates amounts left to right", () => {
    expect(leftToRight("€249.00")).toBe("\u2066€249.00\u2069");
  });
});

describe("phoneNumbersLeftToRight", () => {
  const ltr = (text: string) => `\u2066${text}\u2069`;

  it("sets a grouped phone number in Arabic or Hebrew text left to right", () => {
    expect(phoneNumbersLeftToRight("اتصل بنا على الرقم 217-555-0142.")).toBe(
      `اتصل بنا على الرقم ${ltr("217-555-0142")}.`,
    );
    expect(phoneNumbersLeftToRight("טלפון: +972 3 555 0142 או במייל")).toBe(
      `טלפון: ${ltr("+972 3 555 0142")} או במייל`,
    );
    expect(phoneNumbersLeftToRight("الهاتف (03) 555-0142")).toBe(`الهاتف ${ltr("(03) 555-0142")}`);
  });

  it("leaves short numbers, ranges, dates and Latin text as they are", () => {
    for (const text of [
      "نوصل خلال 2-3 أيام",
      "من 8 إلى 20 يوميًا، خلال 24 ساعة",
      "تاريخ 24.12.2025",
      "Call us on 217-555-0142.",
    ])
      expect(phoneNumbersLeftToRight(text), text).toBe(text);
  });
});
