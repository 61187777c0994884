import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../platform/config.ts";
import type { Database } from "../platform/db/database.ts";
import { testHarness } from "../test/harness.ts";
import {
  openSecrets,
  providerAccounts,
  type SecretsConfig,
  saveProviderSecrets,
  sealSecrets,
} from "./secrets.ts";
import { paymentProviderSecrets } from "./tables.ts";

const KEY_HEX = randomBytes(32).toString("hex");
const OTHER_KEY_HEX = randomBytes(32).toString("hex");
/** Stores of their own, so rows written here meet no other test's. */
const STORE = 9_100_000 + Math.floor(Math.random() * 100_000);
const STRIPE_SECRET = `sk_test_${randomBytes(12).toString("hex")}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(12).toString("hex")}`;
const PASSCODE = `passcode-${randomBytes(12).toString("hex")}`;

let db: Database;

beforeAll(async () => {
  db = (await testHarness()).handle.db;
});

const withKey = (key: string | undefined, extra: Partial<SecretsConfig> = {}): SecretsConfig => ({
  PAYMENT_SECRETS_KEY: key,
  ...extra,
});

async function sealedRow(storeId: number, provider: "stripe" | "bambora") {
  const [row] = await db
    .select()
    .from(paymentProviderSecrets)
    .where(and(eq(paymentProviderSecrets.storeId, storeId), eq(paymentProviderSecrets.provider, provider)));
  return row;
}

describe("payment secrets: sealed in the database", () => {
  it("keeps a store's Stripe keys sealed and gives them back", async () => {
    const config = withKey(KEY_HEX);
    await saveProviderSecrets(db, config, STORE, "stripe", {
      secretKey: STRIPE_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: "pk_test_shown",
    });
    const row = await sealedRow(STORE, "stripe");
    expect(row?.sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(STRIPE_SECRET);
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET);
    expect(row?.publicSettings).toEqual({ publishableKey: "pk_test_shown" });

    const account = await providerAccounts(db, config).stripe(STORE);
    expect(account?.secretKey.reveal()).toBe(STRIPE_SECRET);
    expect(account?.webhookSecret?.reveal()).toBe(WEBHOOK_SECRET);
    expect(account?.publishableKey).toBe("pk_test_shown");
  });

  it("keeps a store's Bambora passcodes, and replaces them when saved again", async () => {
    const config = withKey(KEY_HEX);
    const input = { merchantId: "300200578", paymentsPasscode: "first", profilesPasscode: PASSCODE };
    await saveProviderSecrets(db, config, STORE, "bambora", input);
    await saveProviderSecrets(db, config, STORE, "bambora", { ...input, paymentsPasscode: PASSCODE });
    const account = await providerAccounts(db, config).bambora(STORE);
    expect(account?.merchantId).toBe("300200578");
    expect(account?.paymentsPasscode.reveal()).toBe(PASSCODE);
    expect(account?.profilesPasscode.reveal()).toBe(PASSCODE);
    expect(JSON.stringify(await sealedRow(STORE, "bambora"))).not.toContain(PASSCODE);
  });

  it("never shows a secret as JSON, as text or inspected", async () => {
    const accounts = providerAccounts(db, withKey(KEY_HEX));
    const stripe = await accounts.stripe(STORE);
    const bambora = await accounts.bambora(STORE);
    for (const shown of [
      JSON.stringify({ stripe, bambora }),
      inspect({ stripe, bambora }, { depth: 5 }),
      `${stripe?.secretKey}`,
    ]) {
      expect(shown).not.toContain(STRIPE_SECRET);
      expect(shown).not.toContain(WEBHOOK_SECRET);
      expect(shown).not.toContain(PASSCODE);
    }
  });

  it("does not open under another key, and does not fall back to the environment then", async () => {
    const other = providerAccounts(db, withKey(OTHER_KEY_HEX, { STRIPE_SECRET_KEY: "sk_test_environment" }));
    await expect(other.stripe(STORE)).rejects.toThrow("do not open");
    const keyless = providerAccounts(db, withKey(undefined, { STRIPE_SECRET_KEY: "sk_test_environment" }));
    await expect(keyless.stripe(STORE)).rejects.toThrow("PAYMENT_SECRETS_KEY is not set");
  });

  it("refuses to keep secrets without a key", async () => {
    await expect(
      saveProviderSecrets(db, withKey(undefined), STORE + 1, "stripe", {
        secretKey: STRIPE_SECRET,
        webhookSecret: null,
        publishableKey: null,
      }),
    ).rejects.toThrow("PAYMENT_SECRETS_KEY");
  });

  it("binds a sealed value to its store and provider, and notices a changed byte", () => {
    const key = Buffer.from(KEY_HEX, "hex");
    const sealed = sealSecrets(key, STORE, "stripe", { secretKey: STRIPE_SECRET });
    expect(openSecrets(key, STORE, "stripe", sealed)).toEqual({ secretKey: STRIPE_SECRET });
    expect(() => openSecrets(key, STORE + 1, "stripe", sealed)).toThrow("do not open");
    expect(() => openSecrets(key, STORE, "bambora", sealed)).toThrow("do not open");
    const [version, iv, tag, body = ""] = sealed.split(".");
    const flipped = Buffer.from(body, "base64");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      openSecrets(key, STORE, "stripe", [version, iv, tag, flipped.toString("base64")].join(".")),
    ).toThrow("do not open");
  });
});

describe("payment secrets: from the environment alone", () => {
  it("serves every store without secrets of its own from the environment", async () => {
    const accounts = providerAccounts(
      db,
      withKey(undefined, {
        STRIPE_SECRET_KEY: "sk_test_environment",
        STRIPE_PUBLISHABLE_KEY: "pk_test_environment",
        BAMBORA_MERCHANT_ID: "300200999",
        BAMBORA_PAYMENTS_PASSCODE: "env-payments",
        BAMBORA_PROFILES_PASSCODE: "env-profiles",
      }),
    );
    const stripe = await accounts.stripe(STORE + 2);
    expect(stripe?.secretKey.reveal()).toBe("sk_test_environment");
    expect(stripe?.webhookSecret).toBeNull();
    expect(stripe?.publishableKey).toBe("pk_test_environment");
    expect((await accounts.bambora(STORE + 2))?.profilesPasscode.reveal()).toBe("env-profiles");
  });

  it("answers no account when neither the store nor the environment has one", async () => {
    const accounts = providerAccounts(db, withKey(KEY_HEX, { BAMBORA_MERCHANT_ID: "300200999" }));
    expect(await accounts.stripe(STORE + 3)).toBeNull();
    expect(await accounts.bambora(STORE + 3)).toBeNull();
  });
});

describe("payment secrets: configuration", () => {
  it("takes the key as 64 hex digits or base64 of 32 bytes", () => {
    expect(loadConfig({ PAYMENT_SECRETS_KEY: KEY_HEX }).PAYMENT_SECRETS_KEY).toBe(KEY_HEX);
    const base64 = randomBytes(32).toString("base64");
    expect(loadConfig({ PAYMENT_SECRETS_KEY: base64 }).PAYMENT_SECRETS_KEY).toBe(base64);
  });

  it("refuses a short key without repeating it in the error", () => {
    const short = "too-short-to-be-a-key";
    try {
      loadConfig({ PAYMENT_SECRETS_KEY: short, STRIPE_API_URL: "ftp://nowhere" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain("PAYMENT_SECRETS_KEY=(hidden)");
      expect(message).not.toContain(short);
      expect(message).toContain("STRIPE_API_URL");
    }
  });
});
