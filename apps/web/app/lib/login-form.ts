import { FIELD_ERROR_KEYS } from "@stoa/contract";

export type LoginForm = { userEmail: string; password: string };
type FieldErrorKey = (typeof FIELD_ERROR_KEYS)[keyof typeof FIELD_ERROR_KEYS];
export type LoginErrors = Partial<Record<keyof LoginForm, FieldErrorKey>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5: email required and well-formed, password required; keys are translation keys. */
export function validateLogin(form: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  const email = form.userEmail.trim();
  if (!email) errors.userEmail = FIELD_ERROR_KEYS.emailRequired;
  else if (!EMAIL.test(email)) errors.userEmail = FIELD_ERROR_KEYS.emailFormat;
  if (!form.password) errors.password = FIELD_ERROR_KEYS.passwordRequired;
  return errors;
}

/** Spec §5: the email is lower-cased before the login call. */
export function normaliseLogin(form: LoginForm): LoginForm {
  return { userEmail: form.userEmail.trim().toLowerCase(), password: form.password };
}
