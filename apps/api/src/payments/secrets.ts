import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Config, paymentSecretsKeyBytes } from "../platform/config.ts";
import type { Database } from "../platform/db/database.ts";
import { remembered } from "../platform/remembered.ts";
import { type CardProviderName, paymentProviderSecrets } from "./tables.ts";

/*
 * A store's secrets at its card providers (decision 021). They are kept in the database sealed with
 * AES-256-GCM under PAYMENT_SECRETS_KEY, which lives only in the environment, or come from the
 * environment alone. Once read, each value is a `Secret`: it answers a mask to JSON, to string
 * conversion and to `util.inspect`, so a log line or an answer that picks one up by mistake shows
 * nothing. Only the adapter that talks to the provider calls `reveal()`.
 */

const MASK = "[secret]";

export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return MASK;
  }
  toString(): string {
    return MASK;
  }
  [inspect.custom](): string {
    return MASK;
  }
}

export type StripeAccount = {
  secretKey: Secret;
  /** Verifies the webhook events Stripe sends; null when the store takes none. */
  webhookSecret: Secret | null;
  /** Shown to the storefront (`/api/storeStripe/getKeys`): not a secret, kept beside them. */
  publishableKey: string | null;
};

export type BamboraAccount = {
  merchantId: string;
  paymentsPasscode: Secret;
  profilesPasscode: Secret;
  /**
   * The Reporting API's passcode, when the shop gave one: the only way to find a payment whose
   * answer was lost, by the order number it was sent with (flows/reconcile-payments.ts).
   */
  reportingPasscode: Secret | null;
};

type Accounts = { stripe: StripeAccount; bambora: BamboraAccount };

/** What a store's sealed row holds, per provider: plain text only inside this module. */
const sealedShapes = {
  stripe: z.object({ secretKey: z.string().min(1), webhookSecret: z.string().min(1).nullable() }),
  bambora: z.object({
    merchantId: z.string().min(1),
    paymentsPasscode: z.string().min(1),
    profilesPasscode: z.string().min(1),
    reportingPasscode: z.string().min(1).nullable().optional(),
  }),
};
export type StripeSecretsInput = z.infer<typeof sealedShapes.stripe> & { publishableKey: string | null };
export type BamboraSecretsInput = z.infer<typeof sealedShapes.bambora>;

const SEAL_VERSION = "v1";

/** Binds a sealed value to its store and provider: a row copied to another store does not open. */
function sealContext(storeId: number, provider: CardProviderName): Buffer {
  return Buffer.from(`stoa:payment-secrets:${storeId}:${provider}`);
}

export function sealSecrets(
  key: Buffer,
  storeId: number,
  provider: CardProviderName,
  values: Record<string, unknown>,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(sealContext(storeId, provider));
  const body = Buffer.concat([cipher.update(JSON.stringify(values), "utf8"), cipher.final()]);
  return [SEAL_VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64")))
    .join(".");
}

/** Opens a sealed value; a wrong key, store or provider, or any changed byte, throws. */
export function openSecrets(
  key: Buffer,
  storeId: number,
  provider: CardProviderName,
  sealed: string,
): unknown {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== SEAL_VERSION || !iv || !tag || !body)
    throw new Error(`the ${provider} secrets of store ${storeId} are not sealed the way Stoa seals them`);
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
  decipher.setAAD(sealContext(storeId, provider));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  try {
    const text = Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]);
    return JSON.parse(text.toString("utf8"));
  } catch {
    // The cause would say nothing useful and must not carry any of the plain text.
    throw new Error(`the ${provider} secrets of store ${storeId} do not open with PAYMENT_SECRETS_KEY`);
  }
}

export type SecretsConfig = Pick<
  Config,
  | "PAYMENT_SECRETS_KEY"
  | "STRIPE_SECRET_KEY"
  | "STRIPE_PUBLISHABLE_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "BAMBORA_MERCHANT_ID"
  | "BAMBORA_PAYMENTS_PASSCODE"
  | "BAMBORA_PROFILES_PASSCODE"
  | "BAMBORA_REPORTING_PASSCODE"
>;

function sealingKey(config: SecretsConfig): Buffer | null {
  return config.PAYMENT_SECRETS_KEY ? paymentSecretsKeyBytes(config.PAYMENT_SECRETS_KEY) : null;
}

/** Keeps a store's secrets at a provider, sealed; replaces what it kept before. */
export async function saveProviderSecrets<P extends CardProviderName>(
  db: Database,
  config: SecretsConfig,
  storeId: number,
  provider: P,
  input: P extends "stripe" ? StripeSecretsInput : BamboraSecretsInput,
): Promise<void> {
  const key = sealingKey(config);
  if (!key) throw new Error("PAYMENT_SECRETS_KEY is needed to keep a store's payment secrets");
  const { publishableKey, ...secret } = input as StripeSecretsInput & BamboraSecretsInput;
  const values = sealedShapes[provider].parse(secret);
  const publicSettings: Record<string, string> =
    provider === "stripe" && publishableKey ? { publishableKey } : {};
  const row = { sealed: sealSecrets(key, storeId, provider, values), publicSettings };
  await db
    .insert(paymentProviderSecrets)
    .values({ storeId, provider, ...row })
    .onConflictDoUpdate({
      target: [paymentProviderSecrets.storeId, paymentProviderSecrets.provider],
      set: { ...row, updatedAt: sql`now()` },
    });
}

/** Where an adapter finds a store's account: null when the store has none at that provider. */
export type ProviderAccounts = {
  stripe(storeId: number): Promise<StripeAccount | null>;
  bambora(storeId: number): Promise<BamboraAccount | null>;
};

function secretOrNull(value: string | null | undefined): Secret | null {
  return value ? new Secret(value) : null;
}

function environmentAccounts(config: SecretsConfig): { [P in CardProviderName]: Accounts[P] | null } {
  return {
    stripe: config.STRIPE_SECRET_KEY
      ? {
          secretKey: new Secret(config.STRIPE_SECRET_KEY),
          webhookSecret: secretOrNull(config.STRIPE_WEBHOOK_SECRET),
          publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
        }
      : null,
    bambora:
      config.BAMBORA_MERCHANT_ID && config.BAMBORA_PAYMENTS_PASSCODE && config.BAMBORA_PROFILES_PASSCODE
        ? {
            merchantId: config.BAMBORA_MERCHANT_ID,
            paymentsPasscode: new Secret(config.BAMBORA_PAYMENTS_PASSCODE),
            profilesPasscode: new Secret(config.BAMBORA_PROFILES_PASSCODE),
            reportingPasscode: secretOrNull(config.BAMBORA_REPORTING_PASSCODE),
          }
        : null,
  };
}

/**
 * A store's own account when it keeps one in the database, otherwise the environment's. A store
 * row that cannot be opened (no key, another key) throws rather than falling back: taking a
 * store's payments into another account would be worse than taking none. Every card payment
 * asks for its store's account, so an account is remembered for `STORE_FRESH_MS`, as the store
 * row is: new keys reach every API process within that moment, with no restart.
 */
export function providerAccounts(
  db: Database,
  config: SecretsConfig & { STORE_FRESH_MS?: number },
): ProviderAccounts {
  const key = sealingKey(config);
  const fromEnvironment = environmentAccounts(config);

  async function stored(storeId: number, provider: CardProviderName) {
    const [row] = await db
      .select()
      .from(paymentProviderSecrets)
      .where(and(eq(paymentProviderSecrets.storeId, storeId), eq(paymentProviderSecrets.provider, provider)));
    if (!row) return null;
    if (!key)
      throw new Error(`store ${storeId} keeps ${provider} secrets but PAYMENT_SECRETS_KEY is not set`);
    return { secret: openSecrets(key, storeId, provider, row.sealed), publicSettings: row.publicSettings };
  }

  const freshMs = config.STORE_FRESH_MS ?? 0;
  return {
    stripe: remembered(async (storeId: number) => {
      const row = await stored(storeId, "stripe");
      if (!row) return fromEnvironment.stripe;
      const secret = sealedShapes.stripe.parse(row.secret);
      return {
        secretKey: new Secret(secret.secretKey),
        webhookSecret: secretOrNull(secret.webhookSecret),
        publishableKey: row.publicSettings.publishableKey ?? null,
      };
    }, freshMs),
    bambora: remembered(async (storeId: number) => {
      const row = await stored(storeId, "bambora");
      if (!row) return fromEnvironment.bambora;
      const secret = sealedShapes.bambora.parse(row.secret);
      return {
        merchantId: secret.merchantId,
        paymentsPasscode: new Secret(secret.paymentsPasscode),
        profilesPasscode: new Secret(secret.profilesPasscode),
        reportingPasscode: secretOrNull(secret.reportingPasscode),
      };
    }, freshMs),
  };
}

/** Whether the server can seal a shop's keys (PAYMENT_SECRETS_KEY is set). */
export function canSealSecrets(config: Pick<SecretsConfig, "PAYMENT_SECRETS_KEY">): boolean {
  return sealingKey(config as SecretsConfig) !== null;
}

/** Whether the environment gives an account at a provider that stores without their own use. */
export function environmentHasAccount(config: SecretsConfig, provider: CardProviderName): boolean {
  return environmentAccounts(config)[provider] !== null;
}

/**
 * A store's kept secrets at a provider, opened, for the payment settings to merge a change into:
 * plain text that never leaves the module that asks (payment-settings.ts answers only whether each
 * is set). Null when the store keeps none there. Throws when they are kept but cannot be opened.
 */
export async function keptProviderSecrets(
  db: Database,
  config: SecretsConfig,
  storeId: number,
  provider: CardProviderName,
): Promise<{ values: Record<string, string | null>; publicSettings: Record<string, string> } | null> {
  const [row] = await db
    .select()
    .from(paymentProviderSecrets)
    .where(and(eq(paymentProviderSecrets.storeId, storeId), eq(paymentProviderSecrets.provider, provider)));
  if (!row) return null;
  const key = sealingKey(config);
  if (!key) return { values: {}, publicSettings: row.publicSettings };
  const opened = openSecrets(key, storeId, provider, row.sealed);
  const values = Object.fromEntries(
    Object.entries(opened as Record<string, unknown>).map(([name, value]) => [
      name,
      typeof value === "string" && value !== "" ? value : null,
    ]),
  );
  return { values, publicSettings: row.publicSettings };
}

/** Forgets a store's own account at a provider: its payments go to the environment's account, if any. */
export async function removeProviderSecrets(
  db: Database,
  storeId: number,
  provider: CardProviderName,
): Promise<void> {
  await db
    .delete(paymentProviderSecrets)
    .where(and(eq(paymentProviderSecrets.storeId, storeId), eq(paymentProviderSecrets.provider, provider)));
}
