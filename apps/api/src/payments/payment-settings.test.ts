import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createLogger } from "../platform/logger.ts";
import { client, freshEmail, inbox, linkTokenIn } from "../test/accounts.ts";
import { expectError } from "../test/expect-error.ts";
import { call, testHarness } from "../test/harness.ts";
import { openShop, SHOP_STAFF, type Shop } from "../test/shops.ts";
import { providerAccounts } from "./secrets.ts";

const SECRETS_KEY = "a1".repeat(32);
const STRIPE = {
  secretKey: "sk_test_51AbcdEFghIJklMNopQRstuv",
  publishableKey: "pk_test_51AbcdEFghIJklMNopQRstuv",
  webhookSecret: "whsec_Z9y8X7w6V5u4T3s2R1q0",
};
const BAMBORA = {
  merchantId: "300200578",
  paymentsPasscode: "4BaD82D9197b4cc4b70a221911eE9f70",
  profilesPasscode: "D97D3BE1EE964A6193D17A571D9FBC80",
  reportingPasscode: "4e6Ff318bee64EA391609de89aD4CF5d",
};
const EVERY_SECRET = [
  STRIPE.secretKey,
  STRIPE.webhookSecret,
  BAMBORA.paymentsPasscode,
  BAMBORA.profilesPasscode,
  BAMBORA.reportingPasscode,
  "sk_live_51ZyxwVUtsrQPonmLKji",
  "whsec_AnotherSecretOfTheShop",
];

let keyed: ReturnType<typeof createApp>;
let db: Awaited<ReturnType<typeof testHarness>>["handle"]["db"];
/** Everything every call answered, to be searched for a secret at the end. */
const answered: string[] = [];

beforeAll(async () => {
  const { handle } = await testHarness();
  db = handle.db;
  keyed = createApp({
    db,
    logger: createLogger("silent"),
    serveDevMailbox: true,
    paymentSecrets: { PAYMENT_SECRETS_KEY: SECRETS_KEY },
  });
});

async function signedIn(shop: Shop, app: ReturnType<typeof createApp> | undefined = keyed) {
  const api = client(shop.domain);
  const token = (await api("POST", "/api/staff/login", { body: SHOP_STAFF })).json.data.token as string;
  const as = async (path: string, body?: unknown, t = token) => {
    const result = await api("POST", path, { token: t, body, app });
    answered.push(JSON.stringify(result.json));
    return result;
  };
  const member = async (role: string) => {
    const email = freshEmail();
    await as("/api/staff/accounts/invite", { email, name: role, role });
    const link = linkTokenIn((await inbox(email))[0]?.body ?? "");
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token: link, password: "a long password 1" },
    });
    return accepted.json.data.token as string;
  };
  return { api, token, as, member };
}

const DETAIL = "/api/staff/payments/settings/detail";
const PROVIDERS = "/api/staff/payments/settings/providers";
const STRIPE_KEYS = "/api/staff/payments/settings/stripe";
const BAMBORA_KEYS = "/api/staff/payments/settings/bambora";

describe("the owner's payment settings", () => {
  it("turn the test cards off and on, audited", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const read = await owner.as(DETAIL);
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    expect(read.json.data).toMatchObject({
      providers: { testCard: false, stripe: false, bambora: false },
      keysCanBeSaved: true,
      stripe: { account: "none", secretKey: false, webhookSecret: false, publishableKey: null },
      bambora: { account: "none", merchantId: false },
    });
    const on = await owner.as(PROVIDERS, { testCard: true, stripe: false, bambora: false });
    expect(on.json.data.providers).toEqual({ testCard: true, stripe: false, bambora: false });
    const off = await owner.as(PROVIDERS, { testCard: false, stripe: false, bambora: false });
    expect(off.json.data.providers.testCard).toBe(false);
    const audit = await owner.as("/api/staff/audit", { action: "settings.paymentProviders" });
    expect(
      audit.json.data.records.map((e: { before: unknown; after: unknown }) => [e.before, e.after]),
    ).toEqual([
      [["test-card"], []],
      [[], ["test-card"]],
    ]);
  });

  it("write Stripe's keys, answer only whether each is set, keep one left empty and clear one removed", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const saved = await owner.as(STRIPE_KEYS, STRIPE);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.stripe).toEqual({
      account: "shop",
      secretKey: true,
      webhookSecret: true,
      publishableKey: STRIPE.publishableKey,
      mode: "test",
    });
    // The adapters open what was sealed.
    const account = await providerAccounts(db, { PAYMENT_SECRETS_KEY: SECRETS_KEY }).stripe(shop.id);
    expect(account?.secretKey.reveal()).toBe(STRIPE.secretKey);
    expect(account?.webhookSecret?.reveal()).toBe(STRIPE.webhookSecret);

    // Empty fields keep the keys; a new webhook secret replaces the old one; then it is removed.
    const another = await owner.as(STRIPE_KEYS, { webhookSecret: "whsec_AnotherSecretOfTheShop" });
    expect(another.json.data.stripe.secretKey).toBe(true);
    const again = await providerAccounts(db, { PAYMENT_SECRETS_KEY: SECRETS_KEY }).stripe(shop.id);
    expect(again?.secretKey.reveal()).toBe(STRIPE.secretKey);
    expect(again?.webhookSecret?.reveal()).toBe("whsec_AnotherSecretOfTheShop");
    const removed = await owner.as(STRIPE_KEYS, { remove: ["webhookSecret"] });
    expect(removed.json.data.stripe).toMatchObject({ secretKey: true, webhookSecret: false });

    // Stripe can now be turned on, and the audit names the keys, never their values.
    const on = await owner.as(PROVIDERS, { testCard: true, stripe: true, bambora: false });
    expect(on.json.data.providers).toEqual({ testCard: true, stripe: true, bambora: false });
    const audit = await owner.as("/api/staff/audit", { action: "settings.paymentKeys" });
    expect(audit.json.data.records.map((e: { after: unknown }) => e.after)).toEqual([
      { provider: "stripe", written: [], removed: ["webhookSecret"] },
      { provider: "stripe", written: ["webhookSecret"], removed: [] },
      { provider: "stripe", written: ["secretKey", "publishableKey", "webhookSecret"], removed: [] },
    ]);

    // Removing every key of a provider the shop takes is refused: it would take cards on no account.
    const stranded = await owner.as(STRIPE_KEYS, { remove: ["secretKey", "publishableKey"] });
    expectError(stranded, "PAYMENT_PROVIDER_KEYS_MISSING");
    await owner.as(PROVIDERS, { testCard: true, stripe: false, bambora: false });
    const cleared = await owner.as(STRIPE_KEYS, { remove: ["secretKey", "publishableKey"] });
    expect(cleared.json.data.stripe).toMatchObject({
      account: "none",
      secretKey: false,
      publishableKey: null,
    });
  });

  it("write Bambora's merchant id and passcodes, checked for their shapes", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const bad = await owner.as(BAMBORA_KEYS, {
      merchantId: "30020A578",
      paymentsPasscode: "short",
      profilesPasscode: BAMBORA.profilesPasscode,
    });
    expectError(bad, "INVALID_INPUT");
    expect(bad.json.data.errors).toEqual({
      merchantId: "error-bambora-merchant-id",
      paymentsPasscode: "error-bambora-passcode",
    });
    // A partial account is refused: Bambora needs all three.
    const partial = await owner.as(BAMBORA_KEYS, { merchantId: BAMBORA.merchantId });
    expectError(partial, "INVALID_INPUT");
    expect(partial.json.data.errors).toEqual({
      paymentsPasscode: "error-field-required",
      profilesPasscode: "error-field-required",
    });
    const saved = await owner.as(BAMBORA_KEYS, BAMBORA);
    expect(saved.json.data.bambora).toEqual({
      account: "shop",
      merchantId: true,
      paymentsPasscode: true,
      profilesPasscode: true,
      reportingPasscode: true,
    });
    const account = await providerAccounts(db, { PAYMENT_SECRETS_KEY: SECRETS_KEY }).bambora(shop.id);
    expect(account?.merchantId).toBe(BAMBORA.merchantId);
    expect(account?.reportingPasscode?.reveal()).toBe(BAMBORA.reportingPasscode);
    const on = await owner.as(PROVIDERS, { testCard: false, stripe: false, bambora: true });
    expect(on.json.data.providers.bambora).toBe(true);
  });

  it("refuse keys of the wrong shape, a provider without keys, and keys the server cannot seal", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const shapes = await owner.as(STRIPE_KEYS, {
      secretKey: "pk_test_51AbcdEFghIJklMNop",
      publishableKey: "sk_test_51AbcdEFghIJklMNop",
      webhookSecret: "secret",
    });
    expectError(shapes, "INVALID_INPUT");
    expect(shapes.json.data.errors).toEqual({
      secretKey: "error-stripe-secret-key",
      publishableKey: "error-stripe-publishable-key",
      webhookSecret: "error-stripe-webhook-secret",
    });
    const modes = await owner.as(STRIPE_KEYS, { ...STRIPE, secretKey: "sk_live_51ZyxwVUtsrQPonmLKji" });
    expect(modes.json.data.errors).toEqual({ publishableKey: "error-stripe-key-modes" });
    const both = await owner.as(STRIPE_KEYS, { ...STRIPE, remove: ["webhookSecret"] });
    expect(both.json.data.errors).toEqual({ webhookSecret: "error-key-typed-and-removed" });
    const onlyWebhook = await owner.as(STRIPE_KEYS, { webhookSecret: STRIPE.webhookSecret });
    expect(onlyWebhook.json.data.errors).toEqual({ secretKey: "error-field-required" });

    const noKeys = await owner.as(PROVIDERS, { testCard: true, stripe: true, bambora: true });
    expectError(noKeys, "PAYMENT_PROVIDER_KEYS_MISSING");
    expect(noKeys.json.data.errors).toEqual({
      stripe: "error-provider-keys-missing",
      bambora: "error-provider-keys-missing",
    });
    expect(noKeys.json.msg).toContain("keys");

    // The shared test app has no PAYMENT_SECRETS_KEY: saving says so, in the caller's language.
    const unkeyed = await signedIn(shop, undefined);
    const unsealed = await unkeyed.api("POST", STRIPE_KEYS, { token: unkeyed.token, body: STRIPE });
    answered.push(JSON.stringify(unsealed.json));
    expectError(unsealed, "PAYMENT_SECRETS_KEY_MISSING");
    expect(unsealed.json.msg).toContain("PAYMENT_SECRETS_KEY");
    const arabic = await unkeyed.api("POST", STRIPE_KEYS, {
      token: unkeyed.token,
      body: STRIPE,
      locale: "ar",
    });
    expect(arabic.json.msg).toMatch(/[\u0600-\u06FF]/);
    const read = await unkeyed.api("POST", DETAIL, { token: unkeyed.token });
    expect(read.json.data.keysCanBeSaved).toBe(false);
  });

  it("are the owner's alone: not a manager's, another shop's staff's or a shopper's", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    const manager = await owner.member("manager");
    for (const [path, body] of [
      [DETAIL, undefined],
      [PROVIDERS, { testCard: true, stripe: false, bambora: false }],
      [STRIPE_KEYS, STRIPE],
      [BAMBORA_KEYS, BAMBORA],
    ] as const) {
      expectError(await owner.as(path, body, manager), "STAFF_ROLE_FORBIDDEN");
      expectError(await owner.api("POST", path, { body, app: keyed }), "UNAUTHORIZED");
      const other = await openShop();
      expectError(
        await client(other.domain)("POST", path, { token: owner.token, body, app: keyed }),
        "FORBIDDEN",
      );
    }
    const shopper = await call("POST", "/api/auth/register/store-customer/email", {
      domain: shop.domain,
      body: { email: freshEmail(), password: "correct horse 1", firstName: "Dana", lastName: "Levi" },
    });
    const shopperToken = shopper.json.data.token as string;
    expectError(await owner.api("POST", DETAIL, { token: shopperToken, app: keyed }), "INVALID_SESSION");
    // Nothing was changed by any of them.
    for (const action of ["settings.paymentProviders", "settings.paymentKeys"]) {
      const audit = await owner.as("/api/staff/audit", { action });
      expect(audit.json.data.records).toEqual([]);
    }
  });

  it("never answer or audit a secret's value", async () => {
    const shop = await openShop();
    const owner = await signedIn(shop);
    await owner.as(STRIPE_KEYS, STRIPE);
    await owner.as(BAMBORA_KEYS, BAMBORA);
    await owner.as(STRIPE_KEYS, {
      secretKey: "sk_live_51ZyxwVUtsrQPonmLKji",
      publishableKey: "pk_live_51ZyxwVUtsrQPonmLKji",
    });
    await owner.as(DETAIL);
    await owner.as("/api/staff/audit");
    for (const secret of EVERY_SECRET)
      for (const answer of answered) expect(answer.includes(secret), `${secret} answered`).toBe(false);
    expect(answered.length).toBeGreaterThan(20);
  });
});
