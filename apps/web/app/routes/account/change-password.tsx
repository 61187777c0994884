import { changePasswordBodySchema } from "@stoa/contract";
import { useRef } from "react";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountCard, AccountLayout } from "../../account/AccountLayout.tsx";
import { linkButtonClass, SubmitButton } from "../../account/FormButtons.tsx";
import { PasswordField } from "../../account/FormFields.tsx";
import { FormAlert } from "../../account/FormMessages.tsx";
import { useAccountForm } from "../../account/use-account-form.ts";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useToast } from "../../platform/ui/ToastProvider.tsx";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import type { Route } from "./+types/change-password";

/** The change is the API's: it checks the current password and ends every other session. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const check = validateWith(changePasswordBodySchema, formValues(form, ["oldPassword", "newPassword"]));
  if (!check.ok) return invalid(check.fields);
  const outcome = await args.context.storeApi.form("changePassword", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, intent: "change-password", message: outcome.data.message };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/change-password", (t) => t("change-password.title"));

function ChangePasswordForm() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { openModal } = useModal();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccountForm(() => {
    formRef.current?.reset();
    showToast(t("password-successful"), "success");
  });
  return (
    <AccountLayout title={t("change-password.title")}>
      <AccountCard title={t("change-password.title")} description={t("change-password.text")}>
        <form.fetcher.Form
          ref={formRef}
          method="post"
          action="/change-password"
          noValidate
          onSubmit={form.validated(changePasswordBodySchema, ["oldPassword", "newPassword"])}
          className="max-w-md space-y-5"
          data-change-password
        >
          <FormAlert failure={form.alert} onClose={form.dismiss} />
          <PasswordField
            label={t("change-password.current")}
            name="oldPassword"
            errors={form.errors}
            autoComplete="current-password"
          />
          <PasswordField
            label={t("change-password.new")}
            name="newPassword"
            errors={form.errors}
            autoComplete="new-password"
            hint={t("register.password-hint")}
          />
          <SubmitButton busy={form.busy}>{t("change-password.submit")}</SubmitButton>
        </form.fetcher.Form>
        <p className="mt-6 text-sm text-stone-600">
          {t("change-password.no-password")}{" "}
          <button type="button" onClick={() => openModal("FORGOT_VIEW")} className={linkButtonClass}>
            {t("login.forgot")}
          </button>
        </p>
      </AccountCard>
    </AccountLayout>
  );
}

export default function ChangePassword() {
  return (
    <RequireAuth ready>
      <ChangePasswordForm />
    </RequireAuth>
  );
}
