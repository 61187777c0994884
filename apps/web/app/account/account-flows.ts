/**
 * The step machines of the multi-step account views (spec §3/§4). Pure reducers, so the steps and
 * what each keeps are tested without a browser.
 */

// ── Forgot password by email (FORGOT_EMAIL_VIEW) ──────────────────────────

export type ForgotStep = "Email" | "Token" | "Password";

export type ForgotState = {
  step: ForgotStep;
  email: string;
  token: string;
  password: string;
  /** The server's message, shown on the Token step. */
  message: string;
};

export const INITIAL_FORGOT_STATE: ForgotState = {
  step: "Email",
  email: "",
  token: "",
  password: "",
  message: "",
};

export type ForgotEvent =
  | { type: "email-sent"; email: string; message: string }
  | { type: "token-verified"; token: string }
  | { type: "back" }
  | { type: "reset" };

/** Email → Token → Password; Token can go back to Email and Password back to Token. */
export function forgotReducer(state: ForgotState, event: ForgotEvent): ForgotState {
  switch (event.type) {
    case "email-sent":
      return state.step === "Email"
        ? { ...state, step: "Token", email: event.email, message: event.message, token: "" }
        : state;
    case "token-verified":
      return state.step === "Token"
        ? { ...state, step: "Password", token: event.token, password: "" }
        : state;
    case "back":
      if (state.step === "Password") return { ...state, step: "Token", password: "" };
      if (state.step === "Token") return { ...state, step: "Email", token: "", message: "" };
      return state;
    case "reset":
      return INITIAL_FORGOT_STATE;
  }
}

// ── Forgot password by phone (FORGOT_PHONE_VIEW) ──────────────────────────

export type PhoneForgotStep = "PhoneNumber" | "Token" | "Password";

export type PhoneForgotState = {
  step: PhoneForgotStep;
  phone: string;
  countryCode: string;
  token: string;
  message: string;
};

export const INITIAL_PHONE_FORGOT_STATE: PhoneForgotState = {
  step: "PhoneNumber",
  phone: "",
  countryCode: "",
  token: "",
  message: "",
};

export type PhoneForgotEvent =
  | { type: "code-sent"; phone: string; countryCode: string; message: string }
  | { type: "token-entered"; token: string }
  /** The reset refused the code: back to the Token step to type it again or ask for a new one. */
  | { type: "token-refused" }
  | { type: "back" }
  | { type: "reset" };

/**
 * Request code → Token → Password. There is no separate check of a texted code, so the Token step
 * only keeps it; the Password step sends both and a refused code leads back to the Token step.
 */
export function phoneForgotReducer(state: PhoneForgotState, event: PhoneForgotEvent): PhoneForgotState {
  switch (event.type) {
    case "code-sent":
      return {
        ...state,
        step: "Token",
        phone: event.phone,
        countryCode: event.countryCode,
        message: event.message,
        token: "",
      };
    case "token-entered":
      return state.step === "Token" ? { ...state, step: "Password", token: event.token } : state;
    case "token-refused":
      return state.step === "Password" ? { ...state, step: "Token", token: "" } : state;
    case "back":
      if (state.step === "Password") return { ...state, step: "Token" };
      if (state.step === "Token") return { ...state, step: "PhoneNumber", token: "", message: "" };
      return state;
    case "reset":
      return INITIAL_PHONE_FORGOT_STATE;
  }
}

// ── Phone sign-in (OTP_LOGIN) and phone registration (REGISTER_PHONE) ─────

export type OtpStep = "PhoneNumber" | "Otp";

/**
 * The OTP flow state of spec §3. `isContactExist` and `otpId` are part of that state; this API
 * signs a new number up with the same code and names no code id, so they keep their initial values.
 */
export type OtpState = {
  step: OtpStep;
  isContactExist: boolean;
  otpId: string | null;
  phone: string;
  email: string;
  code: string;
  countryCode: string;
  /** The server's message after the code was sent. */
  message: string;
};

export const INITIAL_OTP_STATE: OtpState = {
  step: "PhoneNumber",
  isContactExist: false,
  otpId: null,
  phone: "",
  email: "",
  code: "",
  countryCode: "",
  message: "",
};

export type OtpEvent =
  | { type: "code-sent"; phone: string; countryCode: string; message: string }
  | { type: "back" }
  | { type: "reset" };

export function otpReducer(state: OtpState, event: OtpEvent): OtpState {
  switch (event.type) {
    case "code-sent":
      return {
        ...state,
        step: "Otp",
        phone: event.phone,
        countryCode: event.countryCode,
        message: event.message,
        code: "",
      };
    case "back":
      return { ...state, step: "PhoneNumber", code: "", message: "" };
    case "reset":
      return INITIAL_OTP_STATE;
  }
}

type SendAnswer = { message?: string; sentEarlier?: true };

/**
 * What the code step says after "send code": the API's message, or `earlierText` when nothing new
 * went out because the code sent moments ago still stands.
 */
export function sentMessage(answer: SendAnswer, earlierText: string): string {
  return answer.sentEarlier ? earlierText : (answer.message ?? "");
}

/** The "code sent" event of a phone flow from the action's answer (the number as the API read it). */
export function codeSent(answer: SendAnswer & { phone?: string; countryCode?: string }, earlierText: string) {
  return {
    type: "code-sent" as const,
    phone: answer.phone ?? "",
    countryCode: answer.countryCode ?? "",
    message: sentMessage(answer, earlierText),
  };
}
