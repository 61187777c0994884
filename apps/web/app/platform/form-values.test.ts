import {
  emailLoginBodySchema,
  forgotVerifyBodySchema,
  phoneCaptchaBodySchema,
  shippingAddressSchema,
} from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { errorsAfterEdit, formValues, validateWith } from "./form-values.ts";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

describe("validateWith the contract schemas (spec §5)", () => {
  it("asks for the login email and password with the spec's keys", () => {
    expect(validateWith(emailLoginBodySchema, formValues(form({}), ["userEmail", "password"]))).toEqual({
      ok: false,
      fields: { userEmail: "error-email-required", password: "error-password-required" },
    });
    expect(validateWith(emailLoginBodySchema, { userEmail: "  ", password: "" })).toEqual({
      ok: false,
      fields: { userEmail: "error-email-required", password: "error-password-required" },
    });
  });

  it("checks the email format", () => {
    expect(validateWith(emailLoginBodySchema, { userEmail: "anna@", password: "x" })).toEqual({
      ok: false,
      fields: { userEmail: "error-email-format" },
    });
  });

  it("lower-cases the login email and leaves the password alone", () => {
    expect(validateWith(emailLoginBodySchema, { userEmail: " Anna@Example.COM ", password: " Pw " })).toEqual(
      {
        ok: true,
        data: { userEmail: "anna@example.com", password: " Pw " },
      },
    );
  });

  it("asks for the forgot-password token with the password key, as the spec says", () => {
    expect(validateWith(forgotVerifyBodySchema, { email: "a@b.co", token: "" })).toEqual({
      ok: false,
      fields: { token: "error-password-required" },
    });
  });

  it("keeps digits of a phone number and drops the plus of a country code", () => {
    expect(validateWith(phoneCaptchaBodySchema, { phone: "055 123-4567", countryCode: "+972" })).toEqual({
      ok: true,
      data: { phone: "551234567", countryCode: "972" },
    });
  });

  it("names nested fields with dots, like the form's inputs", () => {
    const values = formValues(
      form({
        customerName: "Anna",
        "address.street_address": "",
        "address.city": "Oslo",
        "address.country": "",
      }),
      ["customerName", "address.street_address", "address.city", "address.country"],
    );
    const check = validateWith(shippingAddressSchema, values);
    expect(check).toEqual({
      ok: false,
      fields: { "address.street_address": "error-field-required", "address.country": "error-field-required" },
    });
  });
});

describe("formValues", () => {
  it("reads only the named fields and nests dotted names", () => {
    const values = formValues(
      form({ intent: "save", title: "Home", "address.city": "Oslo", "address.zip": "0150" }),
      ["title", "address.city", "address.zip", "missing"],
    );
    expect(values).toEqual({ title: "Home", address: { city: "Oslo", zip: "0150" } });
  });
});

describe("errorsAfterEdit: the errors a form shows as the shopper fixes it", () => {
  const shown = { email: "error-email-format", password: "error-password-required" } as const;

  it("drops the edited field's error once the field is right, and keeps the others", () => {
    expect(errorsAfterEdit(shown, "email", { password: "error-password-required" }, true)).toEqual({
      password: "error-password-required",
    });
  });

  it("says what is wrong with the edited field now, while it is still wrong", () => {
    expect(errorsAfterEdit(shown, "email", { ...shown, email: "error-email-required" }, true)).toEqual({
      email: "error-email-required",
      password: "error-password-required",
    });
  });

  it("never adds an error while typing", () => {
    expect(errorsAfterEdit({}, "email", shown, true)).toEqual({});
    expect(errorsAfterEdit({ email: "error-email-format" }, "email", shown, true)).toEqual({
      email: "error-email-format",
    });
  });

  it("drops an error of the form's own check that an edit elsewhere answered", () => {
    const refund = { lines: "error-field-required", reason: "error-field-required" } as const;
    expect(errorsAfterEdit(refund, "line.7", { reason: "error-field-required" }, true)).toEqual({
      reason: "error-field-required",
    });
  });

  it("keeps the store's error on a field until that field is edited", () => {
    const taken = { email: "error-email-taken" } as const;
    expect(errorsAfterEdit(taken, "firstName", {}, false)).toEqual(taken);
    expect(errorsAfterEdit(taken, "email", {}, false)).toEqual({});
  });
});
