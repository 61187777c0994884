import { describe, expect, it } from "vitest";
import { isAccountPath, isCheckoutPath, verifyReturnOf, withParam } from "./account-paths.ts";

describe("isCheckoutPath", () => {
  it.each(["/checkout", "/checkout/guest", "/checkout/table"])("%s is a checkout route", (path) => {
    expect(isCheckoutPath(path)).toBe(true);
  });

  it.each(["/", "/products", "/checkouts", "/profile"])("%s is not", (path) => {
    expect(isCheckoutPath(path)).toBe(false);
  });
});

describe("isAccountPath", () => {
  it("covers the pages that depend on the session", () => {
    for (const path of ["/profile", "/change-password", "/verify-email", "/logout", "/checkout/guest"]) {
      expect(isAccountPath(path), path).toBe(true);
    }
    for (const path of ["/", "/products/3", "/profiles"]) expect(isAccountPath(path), path).toBe(false);
  });
});

describe("withParam", () => {
  it("adds or replaces one parameter and keeps the rest", () => {
    expect(withParam("/profile", "login-error", "1001")).toBe("/profile?login-error=1001");
    expect(withParam("/products?keyword=tea&login-error=400", "login-error", "1001")).toBe(
      "/products?keyword=tea&login-error=1001",
    );
  });
});

describe("verifyReturnOf", () => {
  it("keeps a checkout path, with its query, to lead back to after verifying", () => {
    expect(verifyReturnOf("/checkout")).toBe("/checkout");
    expect(verifyReturnOf("/checkout/digital?x=1")).toBe("/checkout/digital?x=1");
  });

  it("ignores any other page, another site and anything not a path", () => {
    for (const value of [
      "/profile",
      "/",
      "//evil.example/checkout",
      "https://evil.example/checkout",
      "",
      null,
      7,
    ])
      expect(verifyReturnOf(value)).toBeNull();
  });
});
