import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";
import type { FieldErrors, MessageKey } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { EyeIcon, EyeOffIcon } from "../platform/ui/icons.tsx";
import { inputClass } from "../platform/ui/ui.ts";
import { useShop } from "../shell/root-data.ts";

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

/** The ids an input points at: its error, the form's alert about it, and its hint, when it has them. */
function describedByOf(
  id: string,
  error: MessageKey | undefined,
  hint: string | undefined,
  alertId?: string,
): string | undefined {
  return (
    [error ? `${id}-error` : null, alertId ?? null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") ||
    undefined
  );
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
  alertId,
}: {
  label: string;
  name: string;
  errors: FieldErrors;
  aside?: ReactNode;
  hint?: string;
  autoComplete?: "current-password" | "new-password";
  autoFocusHere?: boolean;
  /**
   * The words of the form's alert while it speaks of this field (a refused sign-in): the field is
   * read with them, and focus comes here when the form is sent back.
   */
  alertId?: string;
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
          aria-describedby={describedByOf(id, error, hint, alertId)}
          data-autofocus={autoFocusHere ? true : undefined}
          data-alert-focus={alertId ? true : undefined}
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
  const { store } = useShop();
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
            // The shop's own calling code as a real value the shopper can change: a grey "1" in an
            // empty field looked filled in, and sending then asked for the code.
            defaultValue={defaultCountryCode || store.settings.phoneCountryCode || ""}
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

export type TextAreaFieldProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "name" | "id" | "className"
> & {
  label: string;
  name: string;
  errors: FieldErrors;
  hint?: string;
  autoFocusHere?: boolean;
};

/** A labelled text area (a reason, a note) with its hint and error tied to it. */
export function TextAreaField({ label, name, errors, hint, autoFocusHere, ...area }: TextAreaFieldProps) {
  const id = useId();
  const error = errors[name];
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        dir="auto"
        rows={3}
        {...area}
        id={id}
        name={name}
        className={`${inputClass} min-h-24 resize-y`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, error, hint)}
        data-autofocus={autoFocusHere ? true : undefined}
      />
    </FieldFrame>
  );
}
