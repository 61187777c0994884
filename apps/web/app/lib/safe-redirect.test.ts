import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/products?keyword=tea&page=2")).toBe("/products?keyword=tea&page=2");
    expect(safeRedirect("/")).toBe("/");
  });

  it.each([null, "", "https://evil.com/", "//evil.com", "/\\evil.com", "javascript:alert(1)", "products"])(
    "sends %j home",
    (value) => {
      expect(safeRedirect(value)).toBe("/");
    },
  );
});
