import { phoneLoginBodySchema } from "@stoa/contract";
import { useReducer } from "react";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { AccountViewFrame, OrDivider } from "./AccountViewFrame.tsx";
import { codeSent, INITIAL_OTP_STATE, otpReducer } from "./account-flows.ts";
import { BackButton, SubmitButton } from "./FormButtons.tsx";
import { CodeField } from "./FormFields.tsx";
import { FormAlert, FormNotice } from "./FormMessages.tsx";
import { PhoneCodeRequest } from "./PhoneCodeRequest.tsx";
import { useAccountForm } from "./use-account-form.ts";

/** OTP_LOGIN (spec §2/§4): the phone number gets a code, then the OtpForm step signs in with it. */
export function OtpLoginView() {
  const { t } = useTranslation();
  const { openModal, closeModal } = useModal();
  const [state, dispatch] = useReducer(otpReducer, INITIAL_OTP_STATE);
  const codeForm = useAccountForm((result) => dispatch(codeSent(result, t("code.sent-earlier"))));
  const signInForm = useAccountForm(() => {
    dispatch({ type: "reset" });
    closeModal();
  });
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={t("otp.title")}
      subtitle={state.step === "PhoneNumber" ? t("otp.subtitle") : undefined}
    >
      {state.step === "PhoneNumber" ? (
        <PhoneCodeRequest
          form={codeForm}
          action="/auth/phone"
          intent="send-code"
          phone={state.phone}
          countryCode={state.countryCode}
          stepAttribute={{ "data-otp-step": "PhoneNumber" }}
        />
      ) : (
        <signInForm.fetcher.Form
          method="post"
          action="/auth/phone"
          noValidate
          onSubmit={signInForm.validated(phoneLoginBodySchema, ["phone", "countryCode", "captcha"])}
          className="space-y-5"
          data-otp-step="Otp"
        >
          <BackButton label={t("otp.change-number")} onClick={() => dispatch({ type: "back" })} />
          {state.message ? <FormNotice>{state.message}</FormNotice> : null}
          <FormAlert failure={signInForm.alert} onClose={signInForm.dismiss} />
          <input type="hidden" name="intent" value="sign-in" />
          <input type="hidden" name="phone" value={state.phone} />
          <input type="hidden" name="countryCode" value={state.countryCode} />
          <CodeField label={t("otp.code")} name="captcha" errors={signInForm.errors} />
          <p className="text-sm text-stone-600">
            {t("otp.sent-to")}{" "}
            <bdi dir="ltr" className="font-medium text-stone-900">
              +{state.countryCode} {state.phone}
            </bdi>
          </p>
          <SubmitButton busy={signInForm.busy}>{t("otp.verify")}</SubmitButton>
        </signInForm.fetcher.Form>
      )}
      <OrDivider />
      <button
        type="button"
        onClick={() => openModal("LOGIN_VIEW")}
        className={`${buttonClass.secondary} w-full`}
      >
        {t("otp.with-email")}
      </button>
    </AccountViewFrame>
  );
}
