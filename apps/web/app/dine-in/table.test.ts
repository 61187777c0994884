import { describe, expect, it } from "vitest";
import { homeHref, tableOf } from "./table.ts";

describe("tableOf", () => {
  it("takes the table from the URL first, then from the cookie", () => {
    expect(tableOf(new URL("http://x/?table=T5"), "table=9")).toEqual({ table: "T5", fromUrl: true });
    expect(tableOf(new URL("http://x/"), "lang=ar; table=9")).toEqual({ table: "9", fromUrl: false });
  });

  it("ignores values that are not table codes", () => {
    expect(tableOf(new URL("http://x/?table=%3Cscript%3E"), null)).toEqual({ table: null, fromUrl: false });
  });
});

describe("homeHref", () => {
  it("links home, or to the menu of the table", () => {
    expect(homeHref(null)).toBe("/");
    expect(homeHref("12")).toBe("/menu?table=12");
  });
});
