import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type LoginErrors, type LoginForm, validateLogin } from "../../lib/login-form.ts";
import { useShop } from "../../lib/root-data.ts";
import { shopName } from "../../lib/shop.ts";
import { EyeIcon, InfoIcon } from "../icons.tsx";
import { buttonClass, inputClass } from "../ui.ts";
import { useModal } from "./ModalProvider.tsx";
import { MODAL_TITLE_ID } from "./modal-views.tsx";

/**
 * LOGIN_VIEW: the email and password form with the spec's validation. Signing in arrives with the
 * account API; until then a valid submit says so plainly instead of pretending to sign in.
 */
export function LoginModal() {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  const { openModal } = useModal();
  const id = useId();
  const [form, setForm] = useState<LoginForm>({ userEmail: "", password: "" });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [comingSoon, setComingSoon] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin(form);
    setErrors(found);
    setComingSoon(Object.keys(found).length === 0);
  }

  function field(name: keyof LoginForm) {
    const error = errors[name];
    return {
      id: `${id}-${name}`,
      name,
      value: form[name],
      onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-${name}-error` : undefined,
      className: inputClass,
    };
  }

  return (
    <div className="px-6 pt-10 pb-8 sm:px-10">
      <h2 id={MODAL_TITLE_ID} className="text-center text-2xl font-bold tracking-tight text-stone-950">
        {t("login.title")}
      </h2>
      <p className="mt-2 text-center text-sm text-stone-600">
        {t("login.subtitle", { name: shopName(store, locale) })}
      </p>

      {comingSoon ? (
        <div
          role="status"
          className="mt-6 flex gap-3 rounded-2xl bg-sky-50 p-4 text-sm text-sky-900"
          data-login-notice
        >
          <InfoIcon className="size-5 shrink-0" />
          <p>{t("login.coming-soon")}</p>
        </div>
      ) : null}

      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        <div>
          <label htmlFor={`${id}-userEmail`} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t("login.email")}
          </label>
          <input {...field("userEmail")} type="email" autoComplete="email" inputMode="email" data-autofocus />
          {errors.userEmail ? (
            <p id={`${id}-userEmail-error`} className="mt-1.5 text-sm text-red-700">
              {t(errors.userEmail)}
            </p>
          ) : null}
        </div>
        <div>
          <div className="mb-1.5 flex items-center justify-between">
            <label htmlFor={`${id}-password`} className="block text-sm font-medium text-stone-800">
              {t("login.password")}
            </label>
            <button
              type="button"
              onClick={() => openModal("FORGOT_EMAIL_VIEW")}
              className="text-sm font-medium text-brand hover:underline"
            >
              {t("login.forgot")}
            </button>
          </div>
          <div className="relative">
            <input
              {...field("password")}
              type={showPassword ? "text" : "password"}
              autoComplete="current-password"
            />
            <button
              type="button"
              onClick={() => setShowPassword(!showPassword)}
              aria-pressed={showPassword}
              aria-label={t(showPassword ? "login.hide-password" : "login.show-password")}
              className="absolute end-2 top-1/2 -translate-y-1/2 rounded-lg p-2 text-stone-500 hover:text-stone-900"
            >
              <EyeIcon className="size-5" />
            </button>
          </div>
          {errors.password ? (
            <p id={`${id}-password-error`} className="mt-1.5 text-sm text-red-700">
              {t(errors.password)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={`${buttonClass.primary} w-full`}>
          {t("login.submit")}
        </button>
      </form>

      <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-stone-400">
        <span className="h-px flex-1 bg-stone-200" />
        {t("login.or")}
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <button
        type="button"
        onClick={() => openModal("OTP_LOGIN")}
        className={`${buttonClass.secondary} w-full`}
      >
        {t("login.with-mobile")}
      </button>
      {store.globalSettings.isAdminRegister ? null : (
        <p className="mt-6 text-center text-sm text-stone-600">
          {t("login.register-prompt")}{" "}
          <button
            type="button"
            onClick={() => openModal("REGISTER")}
            className="font-semibold text-brand hover:underline"
          >
            {t("login.register")}
          </button>
        </p>
      )}
    </div>
  );
}
