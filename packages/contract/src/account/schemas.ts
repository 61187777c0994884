import { z } from "zod";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { idTextSchema } from "../platform/ids.ts";
import { ADDRESS_BOOK_LIMIT, MAX_CLIENT_LOG_MESSAGE } from "./constants.ts";

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
  .regex(/^\+?\d{1,4}$/, FIELD_ERROR_KEYS.countryCodeFormat)
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
  /** Optional code from getEmailCaptcha/register: with it the address is verified at once. */
  captcha: otpSchema.optional(),
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

export const emailRetrieveBodySchema = z.object({
  email: emailSchema,
  captcha: otpSchema,
  password: newPasswordSchema,
});

export const phoneLoginBodySchema = z.object({
  phone: phoneSchema,
  countryCode: countryCodeSchema,
  captcha: otpSchema,
});
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

export const guestLoginBodySchema = z.object({}).strict();

export const forgotSendBodySchema = z.object({ email: emailSchema });
export const forgotVerifyBodySchema = z.object({
  email: emailSchema,
  token: z.string(FIELD_ERROR_KEYS.passwordRequired).trim().min(1, FIELD_ERROR_KEYS.passwordRequired).max(64),
});
export const forgotResetBodySchema = z.object({
  email: emailSchema,
  token: otpSchema,
  password: newPasswordSchema,
});

export const changePasswordBodySchema = z.object({
  oldPassword: passwordRequiredSchema,
  newPassword: newPasswordSchema,
});

export const verifyEmailBodySchema = z.object({ token: z.string().trim().min(20).max(128) });

/** `PUT /users/{id}`: names, and an email or phone change confirmed by the code sent to the new one. */
export const updateUserBodySchema = z
  .object({
    firstName: nameSchema.min(1, FIELD_ERROR_KEYS.required).optional(),
    lastName: nameSchema.optional(),
    email: emailSchema.optional(),
    emailCaptcha: otpSchema.optional(),
    phone: phoneSchema.optional(),
    countryCode: countryCodeSchema.optional(),
    phoneCaptcha: otpSchema.optional(),
  })
  .refine((b) => b.email === undefined || b.emailCaptcha !== undefined, {
    message: FIELD_ERROR_KEYS.required,
    path: ["emailCaptcha"],
  })
  .refine((b) => b.phone === undefined || (b.phoneCaptcha !== undefined && b.countryCode !== undefined), {
    message: FIELD_ERROR_KEYS.required,
    path: ["phoneCaptcha"],
  });
export const userIdParamSchema = z.object({ id: idTextSchema });

const addressFieldsSchema = z.object({
  street_address: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(200, FIELD_ERROR_KEYS.tooLong),
  country: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(80, FIELD_ERROR_KEYS.tooLong),
  city: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(80, FIELD_ERROR_KEYS.tooLong),
  state: z.string().trim().max(80, FIELD_ERROR_KEYS.tooLong).default(""),
  zip: z.string().trim().max(20, FIELD_ERROR_KEYS.tooLong).default(""),
});
export const billingAddressSchema = z.object({
  title: z.string().trim().max(80, FIELD_ERROR_KEYS.tooLong).default(""),
  type: z.literal("billing").default("billing"),
  billingName: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(120, FIELD_ERROR_KEYS.tooLong),
  address: addressFieldsSchema,
});
export const shippingAddressSchema = z.object({
  title: z.string().trim().max(80, FIELD_ERROR_KEYS.tooLong).default(""),
  type: z.literal("shipping").default("shipping"),
  customerName: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(120, FIELD_ERROR_KEYS.tooLong),
  buzz_code: z.string().trim().max(20, FIELD_ERROR_KEYS.tooLong).default(""),
  unit_number: z.string().trim().max(20, FIELD_ERROR_KEYS.tooLong).default(""),
  address: addressFieldsSchema,
});
/** Billing and shipping address of spec §3; either may be absent (null clears it). */
export const shippingInfoSchema = z.object({
  billing: billingAddressSchema.nullable(),
  shipping: shippingAddressSchema.nullable(),
});
export const updateShippingInfoBodySchema = z.object({
  billing: billingAddressSchema.nullable().optional(),
  shipping: shippingAddressSchema.nullable().optional(),
});
export type ShippingInfo = z.infer<typeof shippingInfoSchema>;

/**
 * The address book (decision 051): a customer keeps several billing and shipping addresses, each
 * with the `id` of spec §3, and one of each type is their default. The default ones are what
 * `shippingInfo` answers and `updateShippingInfo` saves.
 */
const bookEntry = { id: z.number().int(), isDefault: z.boolean() };
export const bookBillingAddressSchema = billingAddressSchema.extend({
  type: z.literal("billing"),
  ...bookEntry,
});
export const bookShippingAddressSchema = shippingAddressSchema.extend({
  type: z.literal("shipping"),
  ...bookEntry,
});
export const bookAddressSchema = z.discriminatedUnion("type", [
  bookBillingAddressSchema,
  bookShippingAddressSchema,
]);
export type BookAddress = z.infer<typeof bookAddressSchema>;

/** The book, oldest address first, and how many it may hold. */
export const addressBookSchema = z.object({
  addresses: z.array(bookAddressSchema),
  limit: z.number().int().default(ADDRESS_BOOK_LIMIT),
});
export type AddressBook = z.infer<typeof addressBookSchema>;

/**
 * A new or changed address of the book. `isDefault: true` makes it the default of its type; a
 * default stops being one only when another address of its type is made the default.
 */
export const addressBodySchema = z.discriminatedUnion(
  "type",
  [
    billingAddressSchema.extend({ type: z.literal("billing"), isDefault: z.boolean().default(false) }),
    shippingAddressSchema.extend({ type: z.literal("shipping"), isDefault: z.boolean().default(false) }),
  ],
  { error: () => FIELD_ERROR_KEYS.invalid },
);
export type AddressBody = z.input<typeof addressBodySchema>;
export const addressIdParamSchema = z.object({ id: idTextSchema });

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export const clientLogBodySchema = z.object({
  level: z.enum(LOG_LEVELS),
  code: z.string().trim().max(64, FIELD_ERROR_KEYS.tooLong).default(""),
  message: z.string().max(MAX_CLIENT_LOG_MESSAGE, FIELD_ERROR_KEYS.tooLong),
});

/** `GET /dev/mailbox?to=`: an email address, or a phone number as `+<country code><number>`. */
export const mailboxQuerySchema = z.object({ to: z.union([emailSchema, z.string().regex(/^\+\d{5,20}$/)]) });

export const mailboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
