import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv.ts";

describe("csvField", () => {
  it("leaves plain text and numbers as they are", () => {
    expect(csvField("ana@example.com")).toBe("ana@example.com");
    expect(csvField(42)).toBe("42");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("quotes fields with commas, quotes, line breaks or edge spaces, doubling quotes", () => {
    expect(csvField("Haddad, Rana")).toBe('"Haddad, Rana"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(" padded ")).toBe('" padded "');
  });

  it("neutralises what a spreadsheet would run as a formula", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+972 50 000")).toBe("'+972 50 000");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // A tab or carriage return first hides a formula behind it from a quick look.
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField("\r=1+1")).toBe(`"'\r=1+1"`);
    // Only the first character matters: a dash inside a name is just a dash.
    expect(csvField("anne-marie@example.com")).toBe("anne-marie@example.com");
    // A number is a number, not a formula.
    expect(csvField(-2)).toBe("-2");
  });
});

describe("csvLine", () => {
  it("joins fields with commas and ends with CRLF", () => {
    expect(csvLine(["a@b.c", "2026-11-29", "=x"])).toBe("a@b.c,2026-11-29,'=x\r\n");
  });
});
