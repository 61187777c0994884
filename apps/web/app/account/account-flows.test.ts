import { describe, expect, it } from "vitest";
import {
  codeSent,
  forgotReducer,
  INITIAL_FORGOT_STATE,
  INITIAL_OTP_STATE,
  INITIAL_PHONE_FORGOT_STATE,
  otpReducer,
  phoneForgotReducer,
  sentMessage,
} from "./account-flows.ts";

describe("forgotReducer (FORGOT_EMAIL_VIEW)", () => {
  it("starts at the Email step with everything empty (spec §3)", () => {
    expect(INITIAL_FORGOT_STATE).toEqual({ step: "Email", email: "", token: "", password: "", message: "" });
  });

  it("goes Email → Token → Password, keeping the email, the server's message and the token", () => {
    const token = forgotReducer(INITIAL_FORGOT_STATE, {
      type: "email-sent",
      email: "anna@example.com",
      message: "We sent you a code.",
    });
    expect(token).toMatchObject({ step: "Token", email: "anna@example.com", message: "We sent you a code." });
    const password = forgotReducer(token, { type: "token-verified", token: "123456" });
    expect(password).toMatchObject({ step: "Password", email: "anna@example.com", token: "123456" });
  });

  it("goes back from Password to Token (keeping the code) and from Token to Email (keeping the email)", () => {
    const password = { ...INITIAL_FORGOT_STATE, step: "Password" as const, email: "a@b.co", token: "123456" };
    const token = forgotReducer(password, { type: "back" });
    expect(token).toMatchObject({ step: "Token", token: "123456" });
    const email = forgotReducer(token, { type: "back" });
    expect(email).toMatchObject({ step: "Email", email: "a@b.co", token: "", message: "" });
    expect(forgotReducer(email, { type: "back" })).toBe(email);
  });

  it("ignores an answer that arrives for a step the wizard has left", () => {
    const password = { ...INITIAL_FORGOT_STATE, step: "Password" as const };
    expect(forgotReducer(password, { type: "email-sent", email: "x@y.z", message: "" })).toBe(password);
    expect(forgotReducer(INITIAL_FORGOT_STATE, { type: "token-verified", token: "1" })).toBe(
      INITIAL_FORGOT_STATE,
    );
  });

  it("resets to the start after the last step", () => {
    const password = { ...INITIAL_FORGOT_STATE, step: "Password" as const, email: "a@b.co", token: "1" };
    expect(forgotReducer(password, { type: "reset" })).toEqual(INITIAL_FORGOT_STATE);
  });
});

describe("phoneForgotReducer (FORGOT_PHONE_VIEW)", () => {
  it("goes request code → Token → Password, and a refused code leads back to Token", () => {
    const token = phoneForgotReducer(
      INITIAL_PHONE_FORGOT_STATE,
      codeSent({ phone: "551234567", countryCode: "1", message: "sent" }, "earlier"),
    );
    expect(token).toMatchObject({ step: "Token", phone: "551234567", countryCode: "1", message: "sent" });
    const password = phoneForgotReducer(token, { type: "token-entered", token: "654321" });
    expect(password).toMatchObject({ step: "Password", token: "654321" });
    expect(phoneForgotReducer(password, { type: "token-refused" })).toMatchObject({
      step: "Token",
      token: "",
    });
    expect(phoneForgotReducer(password, { type: "back" })).toMatchObject({ step: "Token", token: "654321" });
    expect(phoneForgotReducer(token, { type: "back" })).toMatchObject({
      step: "PhoneNumber",
      phone: "551234567",
    });
  });
});

describe("otpReducer (OTP_LOGIN)", () => {
  it("starts as spec §3 says", () => {
    expect(INITIAL_OTP_STATE).toEqual({
      step: "PhoneNumber",
      isContactExist: false,
      otpId: null,
      phone: "",
      email: "",
      code: "",
      countryCode: "",
      message: "",
    });
  });

  it("moves to the code form once the code is sent, and back to change the number", () => {
    const otp = otpReducer(
      INITIAL_OTP_STATE,
      codeSent({ phone: "5550100", countryCode: "44", message: "sent" }, "earlier"),
    );
    expect(otp).toMatchObject({ step: "Otp", phone: "5550100", countryCode: "44", message: "sent" });
    expect(otpReducer(otp, { type: "back" })).toMatchObject({
      step: "PhoneNumber",
      phone: "5550100",
      message: "",
    });
    expect(otpReducer(otp, { type: "reset" })).toEqual(INITIAL_OTP_STATE);
  });
});

describe("asked again within a minute", () => {
  it("goes on to the code step and says the code sent moments ago stands", () => {
    const answer = { phone: "551234567", countryCode: "1", sentEarlier: true as const };
    const token = phoneForgotReducer(INITIAL_PHONE_FORGOT_STATE, codeSent(answer, "use the earlier code"));
    expect(token).toMatchObject({ step: "Token", phone: "551234567", message: "use the earlier code" });
    const email = forgotReducer(INITIAL_FORGOT_STATE, {
      type: "email-sent",
      email: "a@b.test",
      message: sentMessage({ sentEarlier: true }, "use the earlier code"),
    });
    expect(email).toMatchObject({ step: "Token", message: "use the earlier code" });
    expect(sentMessage({ message: "sent" }, "use the earlier code")).toBe("sent");
  });
});
