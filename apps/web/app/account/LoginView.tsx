import { emailLoginBodySchema } from "@stoa/contract";
import { type ReactNode, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { type ActionFailure, errorKeyOfCode } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { useHydrated } from "../platform/ui/use-hydrated.ts";
import { useModal } from "../shell/modal/ModalProvider.tsx";
import { useShop } from "../shell/root-data.ts";
import { shopName } from "../shell/shop.ts";
import { AccountViewFrame, OrDivider } from "./AccountViewFrame.tsx";
import { isCheckoutPath, LOGIN_ERROR_PARAM } from "./account-paths.ts";
import { linkButtonClass, SubmitButton } from "./FormButtons.tsx";
import { PasswordField, TextField } from "./FormFields.tsx";
import { FormAlert } from "./FormMessages.tsx";
import { useAccountForm } from "./use-account-form.ts";

const LOGIN_FIELDS = ["userEmail", "password"] as const;

/** Spec §3: the login email is lower-cased (and trimmed) on submit. */
function lowerCaseEmail(form: HTMLFormElement) {
  const input = form.elements.namedItem("userEmail");
  if (input instanceof HTMLInputElement) input.value = input.value.trim().toLowerCase();
}

/** Spec §2: continue as a guest, only on a checkout route of a shop that allows it. */
function GuestCheckout() {
  const { t } = useTranslation();
  const guest = useAccountForm();
  return (
    <guest.fetcher.Form method="post" action="/auth/guest" className="mt-3 space-y-3">
      <FormAlert failure={guest.alert} onClose={guest.dismiss} />
      <SubmitButton busy={guest.busy} tone="secondary">
        {t("login.guest")}
      </SubmitButton>
    </guest.fetcher.Form>
  );
}

/**
 * LOGIN_VIEW (spec §2): email and password, the forgot-password, mobile, register and guest ways,
 * and the server's error in a closeable alert. In a modal it closes once signed in; inline on a
 * page that needs a session, the page itself takes over when the session arrives.
 */
export function LoginView({
  titleId,
  inline = false,
  top,
}: {
  titleId: string;
  inline?: boolean;
  top?: ReactNode;
}) {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  const { openModal, closeModal } = useModal();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const form = useAccountForm(() => {
    if (!inline) closeModal();
  });

  const plainPostError = inline ? errorKeyOfCode(searchParams.get(LOGIN_ERROR_PARAM)) : null;
  const [plainErrorClosed, setPlainErrorClosed] = useState(false);
  const plainFailure: ActionFailure | undefined =
    plainPostError && !plainErrorClosed && !form.alert
      ? { ok: false, code: "", key: plainPostError, message: "", fields: {} }
      : undefined;
  const back = new URLSearchParams(location.search);
  back.delete(LOGIN_ERROR_PARAM);
  const redirectTo = `${location.pathname}${back.size ? `?${back}` : ""}`;
  const guestAllowed = store.shopSettings.guestCheckout && isCheckoutPath(location.pathname);

  return (
    <AccountViewFrame
      titleId={titleId}
      title={t("login.title")}
      subtitle={t("login.subtitle", { name: shopName(store, locale) })}
      top={top}
    >
      <form.fetcher.Form
        method="post"
        action="/auth/login"
        noValidate
        onSubmit={form.validated(emailLoginBodySchema, LOGIN_FIELDS, lowerCaseEmail)}
        className="space-y-5"
        data-login-form
      >
        <FormAlert
          id={form.alertId}
          failure={form.alert ?? plainFailure}
          onClose={form.alert ? form.dismiss : () => setPlainErrorClosed(true)}
        />
        <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label={t("login.email")}
          name="userEmail"
          errors={form.errors}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocusHere={!inline}
        />
        <PasswordField
          label={t("login.password")}
          name="password"
          errors={form.errors}
          // A refused sign-in is most often a mistyped password: it is typed again where it is said.
          alertId={form.alert || plainFailure ? form.alertId : undefined}
          aside={
            <button
              type="button"
              onClick={() => openModal("FORGOT_EMAIL_VIEW")}
              data-forgot-link
              className="mb-1.5 text-sm font-medium text-brand hover:underline"
            >
              {t("login.forgot")}
            </button>
          }
        />
        <SubmitButton busy={form.busy}>{t("login.submit")}</SubmitButton>
      </form.fetcher.Form>

      <OrDivider />
      <button
        type="button"
        onClick={() => openModal("OTP_LOGIN")}
        data-login-mobile
        className={`${buttonClass.secondary} w-full`}
      >
        {t("login.with-mobile")}
      </button>
      {guestAllowed ? <GuestCheckout /> : null}
      {store.globalSettings.isAdminRegister ? null : (
        <p className="mt-6 text-center text-sm text-stone-600" data-register-link>
          {t("login.register-prompt")}{" "}
          <button type="button" onClick={() => openModal("REGISTER")} className={linkButtonClass}>
            {t("login.register")}
          </button>
        </p>
      )}
    </AccountViewFrame>
  );
}
