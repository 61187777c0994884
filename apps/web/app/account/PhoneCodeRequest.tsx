import { phoneCaptchaBodySchema } from "@stoa/contract";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { SubmitButton } from "./FormButtons.tsx";
import { PhoneFields } from "./FormFields.tsx";
import { FormAlert } from "./FormMessages.tsx";
import type { useAccountForm } from "./use-account-form.ts";

/**
 * The first step of every phone flow (sign-in, registration, password reset): the number and its
 * country code, checked with the contract's schema, then "send code" to the flow's action.
 */
export function PhoneCodeRequest({
  form,
  action,
  intent,
  phone,
  countryCode,
  stepAttribute,
}: {
  form: ReturnType<typeof useAccountForm>;
  action: string;
  intent: string;
  phone: string;
  countryCode: string;
  /** Marks the step for journeys, e.g. `{ "data-otp-step": "PhoneNumber" }`. */
  stepAttribute?: Record<`data-${string}`, string>;
}) {
  const { t } = useTranslation();
  return (
    <form.fetcher.Form
      method="post"
      action={action}
      noValidate
      onSubmit={form.validated(phoneCaptchaBodySchema, ["phone", "countryCode"])}
      className="space-y-5"
      {...stepAttribute}
    >
      <FormAlert failure={form.alert} onClose={form.dismiss} />
      <input type="hidden" name="intent" value={intent} />
      <PhoneFields errors={form.errors} defaultPhone={phone} defaultCountryCode={countryCode} autoFocusHere />
      <SubmitButton busy={form.busy}>{t("otp.send-code")}</SubmitButton>
    </form.fetcher.Form>
  );
}
