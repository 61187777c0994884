import { changePasswordBodySchema } from "@stoa/contract";
import { useRef } from "react";
import { RequireAuth } from "../components/account/AccessGate.tsx";
import { AccountCard, AccountLayout } from "../components/account/AccountLayout.tsx";
import { FormAlert, linkButtonClass, PasswordField, SubmitButton } from "../components/account/fields.tsx";
import { useAccountForm } from "../components/account/use-account-form.ts";
import { useModal } from "../components/modal/ModalProvider.tsx";
import { useToast } from "../components/toast/ToastProvider.tsx";
import { formValues, validateWith } from "../lib/form-values.ts";
import { accountPageMeta } from "../lib/meta.ts";
import { callAccount, failed, invalid } from "../lib/session.server.ts";
import { useTranslation } from "../lib/translation.tsx";
import type { Route } from "./+types/change-password";

/** The change is the API's: it checks the current password and ends every other session. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const check = validateWith(changePasswordBodySchema, formValues(form, ["oldPassword", "newPassword"]));
  if (!check.ok) return invalid(check.fields);
  const outcome = await callAccount(args, "changePassword", { body: check.data });
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
