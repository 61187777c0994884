import { z } from "zod";
import { BAMBORA_GATEWAY, CARD_GATEWAYS, STRIPE_GATEWAY } from "../payments/gateways.ts";
import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";

/*
 * The owner's payment settings (issue 32, decision 057): which card providers the shop takes, and
 * the shop's own keys at Stripe and Bambora. Keys are written, never read back: an answer says only
 * whether each one is set.
 */

export const STRIPE_KEY_FIELDS = ["secretKey", "publishableKey", "webhookSecret"] as const;
export type StripeKeyField = (typeof STRIPE_KEY_FIELDS)[number];
export const BAMBORA_KEY_FIELDS = [
  "merchantId",
  "paymentsPasscode",
  "profilesPasscode",
  "reportingPasscode",
] as const;
export type BamboraKeyField = (typeof BAMBORA_KEY_FIELDS)[number];

/** Stripe's secret key (a restricted key is not enough for Stoa's calls). */
export const STRIPE_SECRET_KEY_PATTERN = /^sk_(live|test)_[A-Za-z0-9]{8,240}$/;
export const STRIPE_PUBLISHABLE_KEY_PATTERN = /^pk_(live|test)_[A-Za-z0-9]{8,240}$/;
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/=]{8,240}$/;
/** Bambora's merchant id: digits only (nine on a real account). */
export const BAMBORA_MERCHANT_ID_PATTERN = /^\d{6,12}$/;
/** A Bambora API passcode: letters and digits as Bambora's member area shows them. */
export const BAMBORA_PASSCODE_PATTERN = /^[A-Za-z0-9]{8,64}$/;

/** A key field: empty keeps what is stored, anything else must have the provider's shape. */
const keyField = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(255, message)
    .refine((value) => value === "" || pattern.test(value), message)
    .default("");

const modeOf = (key: string) => /^[a-z]+_(live|test)_/.exec(key)?.[1];

export const staffStripeKeysBodySchema = z
  .object({
    secretKey: keyField(STRIPE_SECRET_KEY_PATTERN, FIELD_ERROR_KEYS.stripeSecretKey),
    publishableKey: keyField(STRIPE_PUBLISHABLE_KEY_PATTERN, FIELD_ERROR_KEYS.stripePublishableKey),
    webhookSecret: keyField(STRIPE_WEBHOOK_SECRET_PATTERN, FIELD_ERROR_KEYS.stripeWebhookSecret),
    /** Keys to clear. A key both typed and removed is refused. */
    remove: z.array(z.enum(STRIPE_KEY_FIELDS)).max(STRIPE_KEY_FIELDS.length).default([]),
  })
  .refine(
    (body) =>
      !body.secretKey || !body.publishableKey || modeOf(body.secretKey) === modeOf(body.publishableKey),
    { path: ["publishableKey"], message: FIELD_ERROR_KEYS.stripeKeyModes },
  );
export type StaffStripeKeysBody = z.infer<typeof staffStripeKeysBodySchema>;

export const staffBamboraKeysBodySchema = z.object({
  merchantId: keyField(BAMBORA_MERCHANT_ID_PATTERN, FIELD_ERROR_KEYS.bamboraMerchantId),
  paymentsPasscode: keyField(BAMBORA_PASSCODE_PATTERN, FIELD_ERROR_KEYS.bamboraPasscode),
  profilesPasscode: keyField(BAMBORA_PASSCODE_PATTERN, FIELD_ERROR_KEYS.bamboraPasscode),
  reportingPasscode: keyField(BAMBORA_PASSCODE_PATTERN, FIELD_ERROR_KEYS.bamboraPasscode),
  remove: z.array(z.enum(BAMBORA_KEY_FIELDS)).max(BAMBORA_KEY_FIELDS.length).default([]),
});
export type StaffBamboraKeysBody = z.infer<typeof staffBamboraKeysBodySchema>;

/** Which providers the shop takes: the built-in test cards, Stripe, Bambora. */
export const staffPaymentProvidersBodySchema = z.object({
  testCard: z.boolean(),
  stripe: z.boolean(),
  bambora: z.boolean(),
});
export type StaffPaymentProvidersBody = z.infer<typeof staffPaymentProvidersBodySchema>;

/**
 * Whose account a provider's payments go to: the shop's own keys, the server's (its environment),
 * or none yet.
 */
export const PROVIDER_ACCOUNTS = ["shop", "server", "none"] as const;

export const staffPaymentSettingsSchema = z.object({
  providers: staffPaymentProvidersBodySchema,
  /** The provider new cards go through, and every provider the shop takes cards through now. */
  cardProvider: z.enum(CARD_GATEWAYS).nullable(),
  offered: z.array(z.enum(CARD_GATEWAYS)),
  /** false while the server has no PAYMENT_SECRETS_KEY: keys cannot be saved. */
  keysCanBeSaved: z.boolean(),
  [STRIPE_GATEWAY]: z.object({
    account: z.enum(PROVIDER_ACCOUNTS),
    /** Whether each key is set: never the key. */
    secretKey: z.boolean(),
    webhookSecret: z.boolean(),
    /** Not a secret: the storefront shows it to Stripe's card form. */
    publishableKey: z.string().nullable(),
    /** Whether the secret key is a live or a test key. */
    mode: z.enum(["live", "test"]).nullable(),
  }),
  [BAMBORA_GATEWAY]: z.object({
    account: z.enum(PROVIDER_ACCOUNTS),
    merchantId: z.boolean(),
    paymentsPasscode: z.boolean(),
    profilesPasscode: z.boolean(),
    reportingPasscode: z.boolean(),
  }),
});
export type StaffPaymentSettings = z.infer<typeof staffPaymentSettingsSchema>;

export const paymentSettingsEndpoints = {
  staffPaymentSettings: {
    method: "post",
    path: "/api/staff/payments/settings/detail",
    summary:
      "The shop's card providers and whether each key is set (owner); keys are never answered, only whether they are set",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "paymentSettings",
    data: staffPaymentSettingsSchema,
  },
  staffSetPaymentProviders: {
    method: "post",
    path: "/api/staff/payments/settings/providers",
    summary:
      "Choose the providers the shop takes cards through (owner): Stripe and Bambora only with their keys",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "paymentSettings",
    body: staffPaymentProvidersBodySchema,
    data: staffPaymentSettingsSchema,
  },
  staffSetStripeKeys: {
    method: "post",
    path: "/api/staff/payments/settings/stripe",
    summary:
      "Write the shop's Stripe keys (owner): an empty field keeps the key stored, `remove` clears one; sealed with PAYMENT_SECRETS_KEY",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "paymentSettings",
    body: staffStripeKeysBodySchema,
    data: staffPaymentSettingsSchema,
  },
  staffSetBamboraKeys: {
    method: "post",
    path: "/api/staff/payments/settings/bambora",
    summary:
      "Write the shop's Bambora merchant id and passcodes (owner): an empty field keeps the one stored, `remove` clears one",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "paymentSettings",
    body: staffBamboraKeysBodySchema,
    data: staffPaymentSettingsSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
