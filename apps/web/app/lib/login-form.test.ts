import { describe, expect, it } from "vitest";
import { normaliseLogin, validateLogin } from "./login-form.ts";

describe("validateLogin", () => {
  it("asks for both fields", () => {
    expect(validateLogin({ userEmail: " ", password: "" })).toEqual({
      userEmail: "error-email-required",
      password: "error-password-required",
    });
  });

  it("checks the email format", () => {
    expect(validateLogin({ userEmail: "anna@", password: "x" })).toEqual({ userEmail: "error-email-format" });
  });

  it("accepts a well-formed email and a password", () => {
    expect(validateLogin({ userEmail: "Anna@Example.com", password: "secret" })).toEqual({});
  });
});

describe("normaliseLogin", () => {
  it("lower-cases and trims the email but leaves the password alone", () => {
    expect(normaliseLogin({ userEmail: " Anna@Example.COM ", password: " Pw " })).toEqual({
      userEmail: "anna@example.com",
      password: " Pw ",
    });
  });
});
