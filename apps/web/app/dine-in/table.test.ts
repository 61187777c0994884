import { describe, expect, it } from "vitest";
import { cleanTableName, homeHref, tableCodeIn, tableOf } from "./table.ts";

const CODE = "jCGVNV9a0eBXXeQ50hfRtdPRp20-ABkcoF8glQWD_fg";

describe("tableOf", () => {
  it("takes the table's name remembered by a scan, while the in-store token is kept", () => {
    expect(tableOf("lang=ar; table=Terrace%202", true)).toBe("Terrace 2");
    expect(tableOf("lang=ar; table=Terrace%202", false)).toBeNull();
    expect(tableOf("lang=ar", true)).toBeNull();
  });

  it("ignores values that are no table name", () => {
    expect(cleanTableName("  ")).toBeNull();
    expect(cleanTableName("x".repeat(41))).toBeNull();
    expect(cleanTableName("A\u0007")).toBeNull();
    expect(cleanTableName(" طاولة 3 ")).toBe("طاولة 3");
  });
});

describe("tableCodeIn", () => {
  it("tells a table's code from a typed number and from no table at all", () => {
    expect(tableCodeIn(new URL(`http://x/menu?table=${CODE}`))).toEqual({ kind: "code", code: CODE });
    expect(tableCodeIn(new URL("http://x/menu?table=7"))).toEqual({ kind: "bad" });
    expect(tableCodeIn(new URL("http://x/menu?table=%3Cscript%3E"))).toEqual({ kind: "bad" });
    expect(tableCodeIn(new URL("http://x/menu"))).toEqual({ kind: "none" });
  });
});

describe("homeHref", () => {
  it("links home, or to the table's page", () => {
    expect(homeHref(null)).toBe("/");
    expect(homeHref("Table 12")).toBe("/table");
  });
});
