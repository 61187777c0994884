import {
  BAMBORA_KEY_FIELDS,
  type BamboraKeyField,
  FIELD_ERROR_KEYS,
  STRIPE_KEY_FIELDS,
  type StaffBamboraKeysBody,
  type StaffPaymentProvidersBody,
  type StaffPaymentSettings,
  type StaffStripeKeysBody,
  type StripeKeyField,
  TEST_CARD_GATEWAY,
} from "@stoa/contract";
import { cardGatewaysOf, newCardGatewayOf, type PaymentProviders } from "../flows/payments.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { storeById, setPaymentProviders as writePaymentProviders } from "../stores/service.ts";
import type { StoreRow } from "../stores/tables.ts";
import {
  canSealSecrets,
  environmentHasAccount,
  keptProviderSecrets,
  removeProviderSecrets,
  type SecretsConfig,
  saveProviderSecrets,
} from "./secrets.ts";
import type { CardProviderName } from "./tables.ts";

/*
 * The owner's payment settings (decision 057): which providers the shop takes, and its own keys at
 * Stripe and Bambora. Keys are written here and read only by the adapters that talk to the
 * providers: every answer and every audit entry says whether a key is set, never what it is.
 * Adapters remember a store's account for STORE_FRESH_MS (secrets.ts `providerAccounts`), as
 * every process remembers the store row, so new keys and providers are taken within that moment.
 */

export type PaymentSettingsDeps = {
  db: Database;
  payments: PaymentProviders;
  secrets: SecretsConfig;
};

/** What a provider needs to take a card: the keys without which its account is not whole. */
const REQUIRED: { stripe: readonly StripeKeyField[]; bambora: readonly BamboraKeyField[] } = {
  stripe: ["secretKey"],
  bambora: ["merchantId", "paymentsPasscode", "profilesPasscode"],
};

const modeOf = (key: string | null | undefined) => {
  const mode = /^sk_(live|test)_/.exec(key ?? "")?.[1];
  return mode === "live" || mode === "test" ? mode : null;
};

/** The store's kept secrets at a provider, or an unreadable marker when they do not open. */
async function kept(deps: PaymentSettingsDeps, storeId: number, provider: CardProviderName) {
  try {
    return await keptProviderSecrets(deps.db, deps.secrets, storeId, provider);
  } catch {
    // Sealed under another PAYMENT_SECRETS_KEY: the shop has keys there, none of which can be read.
    return { values: {}, publicSettings: {} } as Awaited<ReturnType<typeof keptProviderSecrets>>;
  }
}

function accountOf(deps: PaymentSettingsDeps, provider: CardProviderName, stored: unknown) {
  if (stored) return "shop" as const;
  return environmentHasAccount(deps.secrets, provider) ? ("server" as const) : ("none" as const);
}

/** The shop's payment settings as the owner sees them: no key, only whether each is set. */
export async function paymentSettingsOf(
  deps: PaymentSettingsDeps,
  store: StoreRow,
): Promise<StaffPaymentSettings> {
  const [stripe, bambora] = await Promise.all([
    kept(deps, store.id, "stripe"),
    kept(deps, store.id, "bambora"),
  ]);
  // Without PAYMENT_SECRETS_KEY kept keys cannot be opened: the ones a provider needs are set.
  const sealedOnly = !canSealSecrets(deps.secrets);
  const isSet = (values: Record<string, string | null> | undefined, field: string, required: boolean) =>
    values ? Boolean(values[field]) || (sealedOnly && required) : false;
  return {
    providers: {
      testCard: store.paymentProviders.includes(TEST_CARD_GATEWAY),
      stripe: store.paymentProviders.includes("stripe"),
      bambora: store.paymentProviders.includes("bambora"),
    },
    cardProvider: newCardGatewayOf(deps.payments, store),
    offered: cardGatewaysOf(deps.payments, store),
    keysCanBeSaved: !sealedOnly,
    stripe: {
      account: accountOf(deps, "stripe", stripe),
      secretKey: isSet(stripe?.values, "secretKey", true),
      webhookSecret: isSet(stripe?.values, "webhookSecret", false),
      publishableKey: stripe?.publicSettings.publishableKey ?? null,
      mode: modeOf(stripe?.values.secretKey),
    },
    bambora: {
      account: accountOf(deps, "bambora", bambora),
      merchantId: isSet(bambora?.values, "merchantId", true),
      paymentsPasscode: isSet(bambora?.values, "paymentsPasscode", true),
      profilesPasscode: isSet(bambora?.values, "profilesPasscode", true),
      reportingPasscode: isSet(bambora?.values, "reportingPasscode", false),
    },
  };
}

async function freshStore(db: Database, storeId: number): Promise<StoreRow> {
  const store = await storeById(db, storeId);
  if (!store) throw new ApiError("STORE_NOT_FOUND");
  return store;
}

/** The settings read from the store's row as it is now (not the copy a request was served with). */
export async function currentPaymentSettings(deps: PaymentSettingsDeps, storeId: number) {
  return paymentSettingsOf(deps, await freshStore(deps.db, storeId));
}

/** Whether the store has an account at a provider: its own keys, or the server's. */
async function hasAccount(deps: PaymentSettingsDeps, storeId: number, provider: CardProviderName) {
  if (environmentHasAccount(deps.secrets, provider)) return true;
  const stored = await keptProviderSecrets(deps.db, deps.secrets, storeId, provider).catch(() => null);
  return stored !== null;
}

/**
 * Which providers the shop takes. Stripe or Bambora is turned on only with an account there; the
 * test cards need none. Audited as `settings.paymentProviders`.
 */
export async function setShopPaymentProviders(
  deps: PaymentSettingsDeps,
  storeId: number,
  staffId: number,
  body: StaffPaymentProvidersBody,
): Promise<StaffPaymentSettings> {
  const missing: Record<string, string> = {};
  for (const provider of ["stripe", "bambora"] as const)
    if (body[provider] && !(await hasAccount(deps, storeId, provider)))
      missing[provider] = FIELD_ERROR_KEYS.providerKeysMissing;
  if (Object.keys(missing).length > 0) throw new ApiError("PAYMENT_PROVIDER_KEYS_MISSING", missing);
  const providers = [
    ...(body.testCard ? [TEST_CARD_GATEWAY] : []),
    ...(body.stripe ? ["stripe"] : []),
    ...(body.bambora ? ["bambora"] : []),
  ];
  await deps.db.transaction(async (tx) => {
    const before = await freshStore(tx, storeId);
    if (before.paymentProviders.join() === providers.join()) return;
    await writePaymentProviders(tx, storeId, providers);
    await recordChange(tx, {
      storeId,
      staffId,
      action: "settings.paymentProviders",
      subject: "store",
      before: before.paymentProviders,
      after: providers,
    });
  });
  return paymentSettingsOf(deps, await freshStore(deps.db, storeId));
}

type KeyChange<F extends string> = {
  provider: CardProviderName;
  fields: readonly F[];
  typed: Record<F, string>;
  remove: readonly F[];
};

/**
 * Writes a provider's keys: a typed key replaces the one kept, an empty one keeps it, a removed one
 * is cleared; removing every key forgets the shop's account there. Audited as
 * `settings.paymentKeys` with the names of the keys written and removed, never their values.
 */
async function writeKeys<F extends string>(
  deps: PaymentSettingsDeps,
  storeId: number,
  staffId: number,
  change: KeyChange<F>,
): Promise<StaffPaymentSettings> {
  const { provider, fields, typed, remove } = change;
  if (!canSealSecrets(deps.secrets)) throw new ApiError("PAYMENT_SECRETS_KEY_MISSING");
  const both = fields.filter((field) => typed[field] && remove.includes(field));
  if (both.length > 0)
    throw new ApiError(
      "INVALID_INPUT",
      Object.fromEntries(both.map((field) => [field, FIELD_ERROR_KEYS.keyTypedAndRemoved])),
    );
  const stored = await keptProviderSecrets(deps.db, deps.secrets, storeId, provider);
  const storedValue = (field: F): string | null =>
    field === "publishableKey"
      ? (stored?.publicSettings.publishableKey ?? null)
      : (stored?.values[field] ?? null);
  const merged = Object.fromEntries(
    fields.map((field) => [field, typed[field] || (remove.includes(field) ? null : storedValue(field))]),
  ) as Record<F, string | null>;
  const written = fields.filter((field) => typed[field] && typed[field] !== storedValue(field));
  const removed = fields.filter((field) => remove.includes(field) && storedValue(field) !== null);
  const required = REQUIRED[provider] as readonly F[];
  const left = fields.filter((field) => merged[field] !== null);
  if (left.length > 0) {
    const lacking = required.filter((field) => merged[field] === null);
    if (lacking.length > 0)
      throw new ApiError(
        "INVALID_INPUT",
        Object.fromEntries(lacking.map((field) => [field, FIELD_ERROR_KEYS.required])),
      );
    if (provider === "stripe") {
      const values = merged as Record<string, string | null>;
      const publishable = /^pk_(live|test)_/.exec(values.publishableKey ?? "")?.[1];
      if (publishable && publishable !== modeOf(values.secretKey))
        throw new ApiError("INVALID_INPUT", { publishableKey: FIELD_ERROR_KEYS.stripeKeyModes });
    }
  }
  if (written.length > 0 || removed.length > 0)
    await deps.db.transaction(async (tx) => {
      const store = await freshStore(tx, storeId);
      if (left.length === 0) {
        // A provider the shop takes keeps an account: the server's, or the keys are not removed.
        if (store.paymentProviders.includes(provider) && !environmentHasAccount(deps.secrets, provider))
          throw new ApiError("PAYMENT_PROVIDER_KEYS_MISSING", {
            [provider]: FIELD_ERROR_KEYS.providerKeysMissing,
          });
        await removeProviderSecrets(tx, storeId, provider);
      } else {
        const values = merged as Record<string, string | null>;
        if (provider === "stripe")
          await saveProviderSecrets(tx, deps.secrets, storeId, "stripe", {
            secretKey: values.secretKey ?? "",
            webhookSecret: values.webhookSecret ?? null,
            publishableKey: values.publishableKey ?? null,
          });
        else
          await saveProviderSecrets(tx, deps.secrets, storeId, "bambora", {
            merchantId: values.merchantId ?? "",
            paymentsPasscode: values.paymentsPasscode ?? "",
            profilesPasscode: values.profilesPasscode ?? "",
            reportingPasscode: values.reportingPasscode ?? null,
          });
      }
      await recordChange(tx, {
        storeId,
        staffId,
        action: "settings.paymentKeys",
        subject: `provider:${provider}`,
        before: null,
        after: { provider, written, removed },
      });
    });
  return paymentSettingsOf(deps, await freshStore(deps.db, storeId));
}

export function setStripeKeys(
  deps: PaymentSettingsDeps,
  storeId: number,
  staffId: number,
  body: StaffStripeKeysBody,
): Promise<StaffPaymentSettings> {
  const { remove, ...typed } = body;
  return writeKeys(deps, storeId, staffId, { provider: "stripe", fields: STRIPE_KEY_FIELDS, typed, remove });
}

export function setBamboraKeys(
  deps: PaymentSettingsDeps,
  storeId: number,
  staffId: number,
  body: StaffBamboraKeysBody,
): Promise<StaffPaymentSettings> {
  const { remove, ...typed } = body;
  return writeKeys(deps, storeId, staffId, {
    provider: "bambora",
    fields: BAMBORA_KEY_FIELDS,
    typed,
    remove,
  });
}
