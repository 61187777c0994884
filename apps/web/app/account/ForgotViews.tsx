import {
  ERRORS,
  FIELD_ERROR_KEYS,
  forgotResetBodySchema,
  forgotSendBodySchema,
  forgotVerifyBodySchema,
  otpSchema,
  phoneRetrieveBodySchema,
} from "@stoa/contract";
import { type Dispatch, useReducer } from "react";
import type { FieldErrors } from "../platform/api/form-answer.ts";
import { validateWith } from "../platform/form-values.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { MailIcon, PhoneIcon } from "../platform/ui/icons.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useCheckedForm } from "../platform/ui/use-errors-as-edited.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { AccountViewFrame, OrDivider } from "./AccountViewFrame.tsx";
import {
  codeSent,
  type ForgotEvent,
  type ForgotState,
  forgotReducer,
  INITIAL_FORGOT_STATE,
  INITIAL_PHONE_FORGOT_STATE,
  phoneForgotReducer,
  sentMessage,
} from "./account-flows.ts";
import { BackButton, linkButtonClass, SubmitButton } from "./FormButtons.tsx";
import { CodeField, PasswordField, TextField } from "./FormFields.tsx";
import { FormAlert, FormNotice } from "./FormMessages.tsx";
import { PhoneCodeRequest } from "./PhoneCodeRequest.tsx";
import { useAccountForm } from "./use-account-form.ts";

function BackToLogin() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  return (
    <>
      <OrDivider />
      <button
        type="button"
        onClick={() => openModal("LOGIN_VIEW")}
        className={`${buttonClass.secondary} w-full`}
        data-back-to-login
      >
        {t("forgot.back-to-login")}
      </button>
    </>
  );
}

/** FORGOT_VIEW: reset by email or by text message. */
export function ForgotChoiceView() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const choice =
    "flex w-full items-center gap-4 rounded-2xl border border-stone-200 p-4 text-start hover:border-brand hover:bg-brand/5";
  return (
    <AccountViewFrame titleId={MODAL_TITLE_ID} title={t("forgot.title")} subtitle={t("forgot.choose")}>
      <div className="space-y-3">
        <button type="button" onClick={() => openModal("FORGOT_EMAIL_VIEW")} className={choice}>
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand">
            <MailIcon className="size-5" />
          </span>
          <span>
            <span className="block font-semibold text-stone-950">{t("forgot.by-email")}</span>
            <span className="block text-sm text-stone-600">{t("forgot.by-email-text")}</span>
          </span>
        </button>
        <button type="button" onClick={() => openModal("FORGOT_PHONE_VIEW")} className={choice}>
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand">
            <PhoneIcon className="size-5" />
          </span>
          <span>
            <span className="block font-semibold text-stone-950">{t("forgot.by-phone")}</span>
            <span className="block text-sm text-stone-600">{t("forgot.by-phone-text")}</span>
          </span>
        </button>
      </div>
      <BackToLogin />
    </AccountViewFrame>
  );
}

type StepProps = { state: ForgotState; dispatch: Dispatch<ForgotEvent> };

function EmailStep({ state, dispatch }: StepProps) {
  const { t } = useTranslation();
  const form = useAccountForm((result) =>
    dispatch({
      type: "email-sent",
      email: result.email ?? "",
      message: sentMessage(result, t("code.sent-earlier")),
    }),
  );
  return (
    <form.fetcher.Form
      method="post"
      action="/auth/forgot"
      noValidate
      onSubmit={form.validated(forgotSendBodySchema, ["email"])}
      className="space-y-5"
      data-forgot-step="Email"
    >
      <FormAlert failure={form.alert} onClose={form.dismiss} />
      <input type="hidden" name="intent" value="email-send" />
      <TextField
        label={t("login.email")}
        name="email"
        errors={form.errors}
        type="email"
        autoComplete="email"
        inputMode="email"
        defaultValue={state.email}
        autoFocusHere
      />
      <SubmitButton busy={form.busy}>{t("forgot.send-token")}</SubmitButton>
    </form.fetcher.Form>
  );
}

function TokenStep({ state, dispatch }: StepProps) {
  const { t } = useTranslation();
  const form = useAccountForm((result) => dispatch({ type: "token-verified", token: result.token ?? "" }));
  return (
    <form.fetcher.Form
      method="post"
      action="/auth/forgot"
      noValidate
      onSubmit={form.validated(forgotVerifyBodySchema, ["email", "token"])}
      className="space-y-5"
      data-forgot-step="Token"
    >
      <BackButton label={t("forgot.change-email")} onClick={() => dispatch({ type: "back" })} />
      {state.message ? <FormNotice>{state.message}</FormNotice> : null}
      <FormAlert failure={form.alert} onClose={form.dismiss} />
      <input type="hidden" name="intent" value="email-verify" />
      <input type="hidden" name="email" value={state.email} />
      <CodeField label={t("forgot.token")} name="token" errors={form.errors} defaultValue={state.token} />
      <SubmitButton busy={form.busy}>{t("forgot.verify-token")}</SubmitButton>
    </form.fetcher.Form>
  );
}

function PasswordStep({ state, dispatch, onDone }: StepProps & { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useAccountForm(onDone);
  return (
    <form.fetcher.Form
      method="post"
      action="/auth/forgot"
      noValidate
      onSubmit={form.validated(forgotResetBodySchema, ["email", "token", "password"])}
      className="space-y-5"
      data-forgot-step="Password"
    >
      <BackButton label={t("forgot.back-to-token")} onClick={() => dispatch({ type: "back" })} />
      <FormAlert failure={form.alert} onClose={form.dismiss} />
      <input type="hidden" name="intent" value="email-reset" />
      <input type="hidden" name="email" value={state.email} />
      <input type="hidden" name="token" value={state.token} />
      <PasswordField
        label={t("forgot.new-password")}
        name="password"
        errors={form.errors}
        autoComplete="new-password"
        hint={t("register.password-hint")}
        autoFocusHere
      />
      <SubmitButton busy={form.busy}>{t("forgot.reset")}</SubmitButton>
    </form.fetcher.Form>
  );
}

const FORGOT_STEPS = ["Email", "Token", "Password"] as const;

const FORGOT_HELP = {
  Email: "forgot.email-help",
  Token: "forgot.token-help",
  Password: "forgot.password-help",
} as const;

/**
 * FORGOT_EMAIL_VIEW (spec §2/§4): Email → Token (with the server's message, back to Email) →
 * Password (back to Token) → the login view.
 */
export function ForgotEmailView() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const [state, dispatch] = useReducer(forgotReducer, INITIAL_FORGOT_STATE);
  const done = () => {
    dispatch({ type: "reset" });
    showToast(t("password-successful"), "success");
    openModal("LOGIN_VIEW");
  };
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("forgot.title")}
      subtitle={t(FORGOT_HELP[state.step])}
    >
      <ol className="mb-6 flex justify-center gap-2" aria-label={t("forgot.progress")}>
        {FORGOT_STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={state.step === step ? "step" : undefined}
            className={`h-1.5 w-10 rounded-full aria-[current=step]:bg-brand ${index < FORGOT_STEPS.indexOf(state.step) ? "bg-brand/40" : "bg-stone-200"}`}
          >
            <span className="sr-only">{t("forgot.step", { step: index + 1, count: 3 })}</span>
          </li>
        ))}
      </ol>
      {state.step === "Email" ? <EmailStep state={state} dispatch={dispatch} /> : null}
      {state.step === "Token" ? <TokenStep state={state} dispatch={dispatch} /> : null}
      {state.step === "Password" ? <PasswordStep state={state} dispatch={dispatch} onDone={done} /> : null}
      {state.step === "Email" ? (
        <p className="mt-5 text-center text-sm text-stone-600">
          <button type="button" onClick={() => openModal("FORGOT_PHONE_VIEW")} className={linkButtonClass}>
            {t("forgot.use-phone")}
          </button>
        </p>
      ) : null}
      <BackToLogin />
    </AccountViewFrame>
  );
}

/** What is wrong with the texted code as typed. */
function tokenErrorsOf(form: HTMLFormElement): FieldErrors {
  const check = validateWith(otpSchema, new FormData(form).get("captcha"));
  return check.ok ? {} : { captcha: check.fields._ ?? FIELD_ERROR_KEYS.codeFormat };
}

/** FORGOT_PHONE_VIEW: request a code → Token → Password, then phone sign-in. */
export function ForgotPhoneView() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const [state, dispatch] = useReducer(phoneForgotReducer, INITIAL_PHONE_FORGOT_STATE);
  const token = useCheckedForm(tokenErrorsOf);
  const codeForm = useAccountForm((result) => dispatch(codeSent(result, t("code.sent-earlier"))));
  const resetForm = useAccountForm(() => {
    dispatch({ type: "reset" });
    showToast(t("password-successful"), "success");
    openModal("OTP_LOGIN");
  });
  const codeRefused =
    resetForm.alert?.code === ERRORS.INVALID_CODE.code || resetForm.alert?.code === ERRORS.CODE_EXPIRED.code;
  return (
    <AccountViewFrame titleId={MODAL_TITLE_ID} title={t("forgot.title")} subtitle={t("forgot.phone-help")}>
      {state.step === "PhoneNumber" ? (
        <PhoneCodeRequest
          form={codeForm}
          action="/auth/forgot"
          intent="phone-send"
          phone={state.phone}
          countryCode={state.countryCode}
          stepAttribute={{ "data-forgot-step": "PhoneNumber" }}
        />
      ) : null}
      {state.step === "Token" ? (
        <form
          ref={token.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const check = validateWith(otpSchema, new FormData(event.currentTarget).get("captcha"));
            token.show(tokenErrorsOf(event.currentTarget));
            if (check.ok) dispatch({ type: "token-entered", token: check.data });
          }}
          className="space-y-5"
          data-forgot-step="Token"
        >
          <BackButton label={t("otp.change-number")} onClick={() => dispatch({ type: "back" })} />
          {state.message ? <FormNotice>{state.message}</FormNotice> : null}
          <CodeField label={t("otp.code")} name="captcha" errors={token.errors} defaultValue={state.token} />
          <SubmitButton busy={false}>{t("forgot.continue")}</SubmitButton>
        </form>
      ) : null}
      {state.step === "Password" ? (
        <resetForm.fetcher.Form
          method="post"
          action="/auth/forgot"
          noValidate
          onSubmit={resetForm.validated(phoneRetrieveBodySchema, [
            "phone",
            "countryCode",
            "captcha",
            "password",
          ])}
          className="space-y-5"
          data-forgot-step="Password"
        >
          <BackButton label={t("forgot.back-to-token")} onClick={() => dispatch({ type: "back" })} />
          <FormAlert failure={resetForm.alert} onClose={resetForm.dismiss} />
          {codeRefused ? (
            <button
              type="button"
              onClick={() => dispatch({ type: "token-refused" })}
              className={linkButtonClass}
            >
              {t("forgot.retype-code")}
            </button>
          ) : null}
          <input type="hidden" name="intent" value="phone-reset" />
          <input type="hidden" name="phone" value={state.phone} />
          <input type="hidden" name="countryCode" value={state.countryCode} />
          <input type="hidden" name="captcha" value={state.token} />
          <PasswordField
            label={t("forgot.new-password")}
            name="password"
            errors={resetForm.errors}
            autoComplete="new-password"
            hint={t("register.password-hint")}
            autoFocusHere
          />
          <SubmitButton busy={resetForm.busy}>{t("forgot.reset")}</SubmitButton>
        </resetForm.fetcher.Form>
      ) : null}
      <BackToLogin />
    </AccountViewFrame>
  );
}
