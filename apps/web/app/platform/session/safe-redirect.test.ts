import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/products?keyword=tea&page=2")).toBe("/products?keyword=tea&page=2");
    expect(safeRedirect("/")).toBe("/");
  });

  it("keeps a normalised path that stays on this site", () => {
    expect(safeRedirect("/a/../products")).toBe("/products");
    expect(safeRedirect("/products?next=//evil.example")).toBe("/products?next=//evil.example");
    expect(safeRedirect("/products/%2F")).toBe("/products/%2F");
    expect(safeRedirect("/products/caf%C3%A9?q=100%25")).toBe("/products/caf%C3%A9?q=100%25");
  });

  it.each([null, "", "https://evil.com/", "//evil.com", "/\\evil.com", "javascript:alert(1)", "products"])(
    "sends %j home",
    (value) => {
      expect(safeRedirect(value)).toBe("/");
    },
  );

  it.each([
    "/.//evil.example",
    "/./\\evil.example",
    "/.\\/evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example",
    "/products/../..//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%2F%2Fevil.example",
    "/%2fevil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/.%2F/evil.example",
    "/./%2Fevil.example",
    "/%252F%252Fevil.example",
    "/./%255Cevil.example",
  ])("sends %j home: it normalises to a path on another host", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });
});
