import { ERRORS, messageText } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  codeSendAnswer,
  errorKeyOfCode,
  failureOf,
  failureText,
  invalidFields,
  needsAlert,
} from "./form-answer.ts";

describe("failureOf", () => {
  it("puts the API's field errors on the form's fields as translation keys", () => {
    const failure = failureOf({
      code: "400",
      msg: "Some of the information sent is not valid.",
      data: { errors: { userEmail: "error-email-format", password: "error-password-required" } },
    });
    expect(failure).toEqual({
      ok: false,
      code: "400",
      key: "error-invalid-input",
      message: "Some of the information sent is not valid.",
      fields: { userEmail: "error-email-format", password: "error-password-required" },
    });
    expect(needsAlert(failure)).toBe(false);
  });

  it("drops the body prefix so nested errors land on the form's own names", () => {
    const failure = failureOf(
      { code: "400", msg: "", data: { errors: { "shipping.address.city": "error-field-required" } } },
      "shipping",
    );
    expect(failure.fields).toEqual({ "address.city": "error-field-required" });
  });

  it("never shows an unknown key: it becomes 'invalid'", () => {
    const failure = failureOf({ code: "400", msg: "", data: { errors: { phone: "<b>surprise</b>" } } });
    expect(failure.fields).toEqual({ phone: "error-field-invalid" });
  });

  it("keeps a failure without fields for the alert, keyed by its catalogue code", () => {
    const failure = failureOf({ code: "1001", msg: "The email or password is not correct.", data: null });
    expect(failure.key).toBe(ERRORS.INVALID_CREDENTIALS.key);
    expect(failure.fields).toEqual({});
    expect(needsAlert(failure)).toBe(true);
  });

  it("keeps the API's message when the code is not in the catalogue", () => {
    const failure = failureOf({ code: "7777", msg: "Something new", data: null });
    expect(failure).toMatchObject({ key: null, message: "Something new" });
  });
});

describe("errorKeyOfCode", () => {
  it("knows every catalogue code", () => {
    for (const error of Object.values(ERRORS)) expect(errorKeyOfCode(error.code)).toBe(error.key);
    expect(errorKeyOfCode("429")).toBe("error-too-many-requests");
  });

  it("answers null for anything else", () => {
    expect(errorKeyOfCode(null)).toBeNull();
    expect(errorKeyOfCode("")).toBeNull();
    expect(errorKeyOfCode("__proto__")).toBeNull();
  });
});

describe("invalidFields", () => {
  it("is an invalid-input failure that needs no alert", () => {
    const failure = invalidFields({ email: "error-email-required" });
    expect(failure).toMatchObject({ code: "400", fields: { email: "error-email-required" } });
    expect(needsAlert(failure)).toBe(false);
  });
});

describe("codeSendAnswer", () => {
  const sentTo = { phone: "5550100", countryCode: "1" };
  it("passes the API's message on with where the code went", () => {
    expect(codeSendAnswer("send-code", { ok: true, data: { message: "sent" } }, sentTo)).toEqual({
      ok: true,
      intent: "send-code",
      message: "sent",
      ...sentTo,
    });
  });

  it("takes the cooldown as 'sent moments ago': the earlier code is the one to use", () => {
    const cooldown = failureOf({ code: ERRORS.CODE_COOLDOWN.code, msg: "wait", data: null });
    expect(codeSendAnswer("send-code", { ok: false, failure: cooldown, status: 429 }, sentTo)).toEqual({
      ok: true,
      intent: "send-code",
      sentEarlier: true,
      ...sentTo,
    });
  });

  it("keeps any other refusal a failure", () => {
    const refused = failureOf({ code: ERRORS.TOO_MANY_REQUESTS.code, msg: "slow down", data: null });
    const answer = codeSendAnswer("send-code", { ok: false, failure: refused, status: 429 }, sentTo);
    expect(answer).not.toHaveProperty("ok", true);
  });
});

describe("failureText", () => {
  const t = (key: Parameters<typeof messageText>[0]) => messageText(key, "en");
  it("translates the failure's key", () => {
    const failure = failureOf({ code: ERRORS.INVALID_CREDENTIALS.code, msg: "x", data: {} });
    expect(failureText(failure, t)).toBe(messageText("error-invalid-credentials", "en"));
  });

  it("shows the API's filled text where the message names a value only the API knows", () => {
    const filled =
      "The shop is closed now and opens again on Monday 09:00. Please choose a time for your order.";
    const failure = failureOf({ code: ERRORS.SHOP_CLOSED.code, msg: filled, data: {} });
    expect(failureText(failure, t)).toBe(filled);
    expect(failureText(failure, t)).not.toContain("{{");
  });
});
