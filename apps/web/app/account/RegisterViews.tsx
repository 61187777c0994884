import { emailRegisterBodySchema, phoneRegisterBodySchema } from "@stoa/contract";
import { useReducer } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ActionSuccess, FieldErrors } from "../platform/api/form-answer.ts";
import { applyStorageChanges } from "../platform/browser-storage.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { storageAfterRegistration } from "../platform/session/auth-state.ts";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { AccountViewFrame, OrDivider } from "./AccountViewFrame.tsx";
import { codeSent, INITIAL_OTP_STATE, otpReducer } from "./account-flows.ts";
import { BackButton, linkButtonClass, SubmitButton } from "./FormButtons.tsx";
import { CodeField, PasswordField, TextField } from "./FormFields.tsx";
import { FormAlert, FormNotice } from "./FormMessages.tsx";
import { PhoneCodeRequest } from "./PhoneCodeRequest.tsx";
import { useAccountForm } from "./use-account-form.ts";

function SignInInstead() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  return (
    <p className="mt-6 text-center text-sm text-stone-600">
      {t("register.have-account")}{" "}
      <button type="button" onClick={() => openModal("LOGIN_VIEW")} className={linkButtonClass}>
        {t("login.submit")}
      </button>
    </p>
  );
}

function NameFields({ errors, autoFocusHere }: { errors: FieldErrors; autoFocusHere?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label={t("profile.first-name")}
        name="firstName"
        errors={errors}
        autoComplete="given-name"
        autoFocusHere={autoFocusHere}
      />
      <TextField label={t("profile.last-name")} name="lastName" errors={errors} autoComplete="family-name" />
    </div>
  );
}

/**
 * REGISTER: an account by email. The session starts at once, but the address must be verified
 * before account pages open, so the shopper lands on the verify-email page.
 */
export function RegisterView() {
  const { t } = useTranslation();
  const { openModal, closeModal } = useModal();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useAccountForm((result: ActionSuccess) => {
    if (result.user) applyStorageChanges(storageAfterRegistration(result.user));
    showToast(t("text-registration-successful"), "success");
    closeModal();
    navigate(result.user?.emailVerified ? "/profile" : "/verify-email");
  });
  return (
    <AccountViewFrame titleId={MODAL_TITLE_ID} title={t("register.title")} subtitle={t("register.subtitle")}>
      <form.fetcher.Form
        method="post"
        action="/auth/register"
        noValidate
        onSubmit={form.validated(emailRegisterBodySchema, ["firstName", "lastName", "email", "password"])}
        className="space-y-5"
        data-register-form
      >
        <FormAlert failure={form.alert} onClose={form.dismiss} />
        <input type="hidden" name="intent" value="email" />
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <NameFields errors={form.errors} autoFocusHere />
        <TextField
          label={t("login.email")}
          name="email"
          errors={form.errors}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <PasswordField
          label={t("login.password")}
          name="password"
          errors={form.errors}
          autoComplete="new-password"
          hint={t("register.password-hint")}
        />
        <SubmitButton busy={form.busy}>{t("register.submit")}</SubmitButton>
      </form.fetcher.Form>
      <OrDivider />
      <button
        type="button"
        onClick={() => openModal("REGISTER_PHONE")}
        className={`${buttonClass.secondary} w-full`}
      >
        {t("register.with-phone")}
      </button>
      <SignInInstead />
    </AccountViewFrame>
  );
}

/** REGISTER_PHONE: a code is texted to the number, then the code, names and a password create the account. */
export function RegisterPhoneView() {
  const { t } = useTranslation();
  const { openModal, closeModal } = useModal();
  const { showToast } = useToast();
  const [state, dispatch] = useReducer(otpReducer, INITIAL_OTP_STATE);
  const codeForm = useAccountForm((result) => dispatch(codeSent(result, t("code.sent-earlier"))));
  const registerForm = useAccountForm(() => {
    showToast(t("text-registration-successful"), "success");
    closeModal();
  });
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("register.phone-title")}
      subtitle={state.step === "PhoneNumber" ? t("register.phone-subtitle") : undefined}
    >
      {state.step === "PhoneNumber" ? (
        <PhoneCodeRequest
          form={codeForm}
          action="/auth/register"
          intent="phone-code"
          phone={state.phone}
          countryCode={state.countryCode}
        />
      ) : (
        <registerForm.fetcher.Form
          method="post"
          action="/auth/register"
          noValidate
          onSubmit={registerForm.validated(phoneRegisterBodySchema, [
            "phone",
            "countryCode",
            "captcha",
            "password",
            "firstName",
            "lastName",
          ])}
          className="space-y-5"
        >
          <BackButton label={t("otp.change-number")} onClick={() => dispatch({ type: "back" })} />
          {state.message ? <FormNotice>{state.message}</FormNotice> : null}
          <FormAlert failure={registerForm.alert} onClose={registerForm.dismiss} />
          <input type="hidden" name="intent" value="phone" />
          <input type="hidden" name="phone" value={state.phone} />
          <input type="hidden" name="countryCode" value={state.countryCode} />
          <CodeField label={t("otp.code")} name="captcha" errors={registerForm.errors} />
          <NameFields errors={registerForm.errors} />
          <PasswordField
            label={t("login.password")}
            name="password"
            errors={registerForm.errors}
            autoComplete="new-password"
            hint={t("register.password-hint")}
          />
          <SubmitButton busy={registerForm.busy}>{t("register.submit")}</SubmitButton>
        </registerForm.fetcher.Form>
      )}
      <OrDivider />
      <button
        type="button"
        onClick={() => openModal("REGISTER")}
        className={`${buttonClass.secondary} w-full`}
      >
        {t("register.with-email")}
      </button>
      <SignInInstead />
    </AccountViewFrame>
  );
}
