import { z } from "zod";
import { FIELD_ERROR_KEYS } from "./errors.ts";

/** Spec §5: a login email is required and must be well-formed; it is lower-cased before it is sent. */
export const emailSchema = z
  .string(FIELD_ERROR_KEYS.emailRequired)
  .trim()
  .min(1, FIELD_ERROR_KEYS.emailRequired)
  .max(254, FIELD_ERROR_KEYS.tooLong)
  .pipe(z.email(FIELD_ERROR_KEYS.emailFormat))
  .transform((email) => email.toLowerCase());

export const passwordRequiredSchema = z
  .string(FIELD_ERROR_KEYS.passwordRequired)
  .min(1, FIELD_ERROR_KEYS.passwordRequired)
  .max(256, FIELD_ERROR_KEYS.tooLong);

/** A new password: the spec shows no rule; we ask for 8 characters, as NIST SP 800-63B does. */
export const MIN_PASSWORD_LENGTH = 8;
export const newPasswordSchema = z
  .string(FIELD_ERROR_KEYS.passwordRequired)
  .min(1, FIELD_ERROR_KEYS.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, FIELD_ERROR_KEYS.passwordTooShort)
  .max(256, FIELD_ERROR_KEYS.tooLong);

/** Country calling code such as "1" or "972", with or without "+". */
export const countryCodeSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .regex(/^\+?\d{1,4}$/, FIELD_ERROR_KEYS.phoneFormat)
  .transform((code) => code.replace(/^\+/, ""));

/** National number: digits, spaces and dashes allowed in input, digits kept. */
export const phoneSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .regex(/^[\d\s()-]{4,20}$/, FIELD_ERROR_KEYS.phoneFormat)
  .transform((phone) => phone.replace(/\D/g, "").replace(/^0+/, ""));

/** One-time codes are six digits (docs/decisions/004-tokens.md). */
export const OTP_LENGTH = 6;
export const otpSchema = z
  .string(FIELD_ERROR_KEYS.required)
  .trim()
  .regex(/^\d{6}$/, FIELD_ERROR_KEYS.codeFormat);

const nameSchema = z.string().trim().max(80, FIELD_ERROR_KEYS.tooLong);

export const userSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  countryCode: z.string().nullable(),
  emailVerified: z.boolean(),
  isGuest: z.boolean(),
  shippingAddress: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

export const messageSchema = z.object({ message: z.string() });

export const emailLoginBodySchema = z.object({ userEmail: emailSchema, password: passwordRequiredSchema });
export type EmailLoginBody = z.input<typeof emailLoginBodySchema>;

export const emailRegisterBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: nameSchema.min(1, FIELD_ERROR_KEYS.required),
  lastName: nameSchema.default(""),
});
export type EmailRegisterBody = z.input<typeof emailRegisterBodySchema>;

export const emailCaptchaBodySchema = z.object({ email: emailSchema });
export const phoneCaptchaBodySchema = z.object({ phone: phoneSchema, countryCode: countryCodeSchema });

export const EMAIL_CAPTCHA_PURPOSES = ["register", "retrievePwd", "editEmail"] as const;
export const PHONE_CAPTCHA_PURPOSES = ["login", "register", "retrievePwd", "editPhone", "bindPhone"] as const;
export type EmailCaptchaPurpose = (typeof EMAIL_CAPTCHA_PURPOSES)[number];
export type PhoneCaptchaPurpose = (typeof PHONE_CAPTCHA_PURPOSES)[number];

export const emailRetrieveBodySchema = z.object({ email: emailSchema, captcha: otpSchema, password: newPasswordSchema });

export const phoneLoginBodySchema = z.object({ phone: phoneSchema, countryCode: countryCodeSchema, captcha: otpSchema });
export const phonePasswordLoginBodySchema = z.object({
  phone: phoneSchema,
  countryCode: countryCodeSchema,
  password: passwordRequiredSchema,
});
export const phoneRegisterBodySchema = z.object({
  phone: phoneSchema,
  countryCode: countryCodeSchema,
  captcha: otpSchema,
  password: newPasswordSchema,
  firstName: nameSchema.min(1, FIELD_ERROR_KEYS.required),
  lastName: nameSchema.default(""),
});
export const phoneRetrieveBodySchema = z.object({
  phone: phoneSchema,
  countryCode: countryCodeSchema,
  captcha: otpSchema,
  password: newPasswordSchema,
});
