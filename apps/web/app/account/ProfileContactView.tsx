import { emailCaptchaBodySchema, phoneCaptchaBodySchema, updateUserBodySchema } from "@stoa/contract";
import { useState } from "react";
import type { ActionSuccess } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { useToast } from "../platform/ui/ToastProvider.tsx";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { AccountViewFrame } from "./AccountViewFrame.tsx";
import { BackButton, SubmitButton } from "./FormButtons.tsx";
import { CodeField, PhoneFields, TextField } from "./FormFields.tsx";
import { FormAlert, FormNotice } from "./FormMessages.tsx";
import { useAccountForm } from "./use-account-form.ts";

export type ContactKind = "email" | "phone";

/**
 * ADD_OR_UPDATE_PROFILE_CONTACT: a new email address or phone number, confirmed with the code sent
 * to it, so nobody can put an address they do not own on an account.
 */
export function ProfileContactView({ kind, hasValue }: { kind: ContactKind; hasValue: boolean }) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const { showToast } = useToast();
  const [sent, setSent] = useState<ActionSuccess | null>(null);
  const codeForm = useAccountForm(setSent);
  const confirmForm = useAccountForm(() => {
    showToast(t("profile-update-successful"), "success");
    closeModal();
  });
  const title = t(hasValue ? `contact.change-${kind}` : `contact.add-${kind}`);
  const codeName = kind === "email" ? "emailCaptcha" : "phoneCaptcha";
  return (
    <AccountViewFrame
      titleId={MODAL_TITLE_ID}
      title={title}
      subtitle={sent ? undefined : t(`contact.${kind}-help`)}
    >
      {sent ? (
        <confirmForm.fetcher.Form
          method="post"
          action="/account/contact"
          noValidate
          onSubmit={confirmForm.validated(
            updateUserBodySchema,
            kind === "email" ? ["email", "emailCaptcha"] : ["phone", "countryCode", "phoneCaptcha"],
          )}
          className="space-y-5"
          data-contact-step="code"
        >
          <BackButton label={t(`contact.change-${kind}-again`)} onClick={() => setSent(null)} />
          {sent.message ? <FormNotice>{sent.message}</FormNotice> : null}
          <FormAlert failure={confirmForm.alert} onClose={confirmForm.dismiss} />
          <input type="hidden" name="intent" value={`${kind}-confirm`} />
          {kind === "email" ? (
            <input type="hidden" name="email" value={sent.email ?? ""} />
          ) : (
            <>
              <input type="hidden" name="phone" value={sent.phone ?? ""} />
              <input type="hidden" name="countryCode" value={sent.countryCode ?? ""} />
            </>
          )}
          <CodeField label={t("otp.code")} name={codeName} errors={confirmForm.errors} />
          <SubmitButton busy={confirmForm.busy}>{t("contact.confirm")}</SubmitButton>
        </confirmForm.fetcher.Form>
      ) : (
        <codeForm.fetcher.Form
          method="post"
          action="/account/contact"
          noValidate
          onSubmit={
            kind === "email"
              ? codeForm.validated(emailCaptchaBodySchema, ["email"])
              : codeForm.validated(phoneCaptchaBodySchema, ["phone", "countryCode"])
          }
          className="space-y-5"
          data-contact-step="value"
        >
          <FormAlert failure={codeForm.alert} onClose={codeForm.dismiss} />
          <input type="hidden" name="intent" value={`${kind}-code`} />
          {kind === "email" ? (
            <TextField
              label={t("contact.new-email")}
              name="email"
              errors={codeForm.errors}
              type="email"
              autoComplete="email"
              inputMode="email"
              autoFocusHere
            />
          ) : (
            <PhoneFields errors={codeForm.errors} autoFocusHere />
          )}
          <SubmitButton busy={codeForm.busy}>{t("otp.send-code")}</SubmitButton>
        </codeForm.fetcher.Form>
      )}
    </AccountViewFrame>
  );
}
