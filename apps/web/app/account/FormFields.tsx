import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import type { ActionFailure, FieldErrors, MessageKey } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import {
  AlertIcon,
  ArrowStartIcon,
  CloseIcon,
  EyeIcon,
  EyeOffIcon,
  SpinnerIcon,
} from "../platform/ui/icons.tsx";
import { buttonClass, inputClass } from "../platform/ui/ui.ts";

const LABEL = "mb-1.5 block text-sm font-medium text-stone-800";

function FieldError({ id, error }: { id: string; error: MessageKey | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700" data-field-error>
      {t(error)}
    </p>
  );
}

/** The ids an input points at: its error and its hint, when it has them. */
function describedByOf(
  id: string,
  error: MessageKey | undefined,
  hint: string | undefined,
): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

/** Label (with an optional control on its line), the input, then its hint and its error. */
function FieldFrame({
  id,
  label,
  aside,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  aside?: ReactNode;
  hint?: string;
  error: MessageKey | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className={LABEL}>
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className">;

export type TextFieldProps = InputProps & {
  label: string;
  name: string;
  errors: FieldErrors;
  /** Extra control on the label's line, e.g. a "forgot password" link. */
  aside?: ReactNode;
  hint?: string;
  autoFocusHere?: boolean;
};

/** A labelled input whose error (a translation key) is tied to it for screen readers. */
export function TextField({ label, name, errors, aside, hint, autoFocusHere, ...input }: TextFieldProps) {
  const id = useId();
  const error = errors[name];
  return (
    <FieldFrame id={id} label={label} aside={aside} hint={hint} error={error}>
      <input
        // Names and addresses are often typed in another script than the page's: each reads in its own direction.
        dir="auto"
        {...input}
        id={id}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, error, hint)}
        data-autofocus={autoFocusHere ? true : undefined}
      />
    </FieldFrame>
  );
}

/** A password input with a show/hide switch. */
export function PasswordField({
  label,
  name,
  errors,
  aside,
  hint,
  autoComplete = "current-password",
  autoFocusHere,
}: {
  label: string;
  name: string;
  errors: FieldErrors;
  aside?: ReactNode;
  hint?: string;
  autoComplete?: "current-password" | "new-password";
  autoFocusHere?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const error = errors[name];
  return (
    <FieldFrame id={id} label={label} aside={aside} hint={hint} error={error}>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          className={`${inputClass} pe-12`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(id, error, hint)}
          data-autofocus={autoFocusHere ? true : undefined}
        />
        <button
          type="button"
          onClick={() => setShown(!shown)}
          aria-pressed={shown}
          aria-label={t(shown ? "login.hide-password" : "login.show-password")}
          className="absolute end-1.5 top-1/2 -translate-y-1/2 rounded-lg p-2 text-stone-500 hover:text-stone-900"
        >
          {shown ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      </div>
    </FieldFrame>
  );
}

/**
 * Country calling code and national number. Digits read left to right in every language, so the
 * pair keeps that order in right-to-left pages too.
 */
export function PhoneFields({
  errors,
  defaultPhone = "",
  defaultCountryCode = "",
  autoFocusHere,
}: {
  errors: FieldErrors;
  defaultPhone?: string;
  defaultCountryCode?: string;
  autoFocusHere?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const codeError = errors.countryCode;
  const phoneError = errors.phone;
  return (
    <fieldset>
      <legend className={LABEL}>{t("phone.label")}</legend>
      <div className="flex gap-2" dir="ltr">
        <div className="relative w-24 shrink-0">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-stone-500"
          >
            +
          </span>
          <input
            id={`${id}-cc`}
            name="countryCode"
            type="text"
            inputMode="numeric"
            autoComplete="tel-country-code"
            defaultValue={defaultCountryCode}
            placeholder="1"
            maxLength={5}
            aria-label={t("phone.country-code")}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${id}-cc-error` : undefined}
            className={`${inputClass} pl-7`}
            data-autofocus={autoFocusHere ? true : undefined}
          />
        </div>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          defaultValue={defaultPhone}
          aria-label={t("phone.number")}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? `${id}-phone-error` : undefined}
          className={inputClass}
        />
      </div>
      <FieldError id={`${id}-cc-error`} error={codeError} />
      <FieldError id={`${id}-phone-error`} error={phoneError} />
    </fieldset>
  );
}

/** A six-digit one-time code. */
export function CodeField({
  label,
  name,
  errors,
  defaultValue,
  autoFocusHere = true,
}: {
  label: string;
  name: string;
  errors: FieldErrors;
  defaultValue?: string;
  autoFocusHere?: boolean;
}) {
  return (
    <TextField
      label={label}
      name={name}
      errors={errors}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      dir="ltr"
      defaultValue={defaultValue}
      autoFocusHere={autoFocusHere}
    />
  );
}

/** The submit button: disabled, with a spinner, while the form is on its way (spec §2). */
export function SubmitButton({
  busy,
  children,
  className = "",
  tone = "primary",
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
  tone?: "primary" | "secondary";
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className={`${buttonClass[tone]} w-full ${className}`}
    >
      {busy ? <SpinnerIcon className="size-4" /> : null}
      {children}
    </button>
  );
}

/** The form's server error: a red alert above the form that the shopper can close (spec §2, §8). */
export function FormAlert({ failure, onClose }: { failure: ActionFailure | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  if (!failure) return null;
  const text = failure.key ? t(failure.key) : failure.message || t("error-something-wrong");
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      data-form-alert
    >
      <AlertIcon className="size-5 shrink-0" />
      <p className="flex-1 leading-5">{text}</p>
      <button
        type="button"
        onClick={onClose}
        className="-m-1 rounded-md p-1 text-red-700 hover:bg-red-100"
        aria-label={t("dialog.close-alert")}
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

/** A server's message or a hint, e.g. "We sent you a code" on the token step. */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-2xl bg-sky-50 p-4 text-sm leading-5 text-sky-900" data-form-notice>
      {children}
    </p>
  );
}

export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-stone-400">
      <span className="h-px flex-1 bg-stone-200" />
      {t("login.or")}
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}

/** A quiet "back" control inside a view (to the previous step or view). */
export function BackButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-stone-600 hover:text-stone-950"
    >
      <ArrowStartIcon className="size-4" />
      {label}
    </button>
  );
}

export const linkButtonClass = "font-semibold text-brand hover:underline";

/** Title, subtitle and content of every account view, in a modal or on a page. */
export function AccountViewFrame({
  titleId,
  title,
  subtitle,
  top,
  children,
}: {
  titleId: string;
  title: string;
  subtitle?: ReactNode;
  /** Above the title: a back arrow. */
  top?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="px-6 pt-10 pb-8 sm:px-10">
      {top ? <div className="mb-6">{top}</div> : null}
      <h2 id={titleId} className="text-center text-2xl font-bold tracking-tight text-stone-950">
        {title}
      </h2>
      {subtitle ? <p className="mt-2 text-center text-sm leading-6 text-stone-600">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
