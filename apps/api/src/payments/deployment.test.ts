import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.ts";
import { type FakeStripe, startFakeStripe } from "../test/fakes/fake-stripe.ts";
import { testHarness } from "../test/harness.ts";
import { type CardProviders, cardProviders } from "./card-providers.ts";
import { deploymentIdOf } from "./deployment.ts";
import { cardProviderCustomers, paymentDeployment } from "./tables.ts";

/*
 * Two Stoa deployments sharing one Stripe account both have a store 1 with an order 1: the keys
 * and searches each sends must never meet the other's (issue 11).
 */

let db: Database;
let stripe: FakeStripe;
const SECRET = "sk_test_shared_account";

function deployment(id: string | undefined): CardProviders {
  return cardProviders(db, {
    PAYMENT_SECRETS_KEY: undefined,
    STRIPE_SECRET_KEY: SECRET,
    STRIPE_PUBLISHABLE_KEY: "pk_test_shared_account",
    STRIPE_WEBHOOK_SECRET: "whsec_shared",
    STRIPE_API_URL: stripe.url,
    BAMBORA_MERCHANT_ID: undefined,
    BAMBORA_PAYMENTS_PASSCODE: undefined,
    BAMBORA_PROFILES_PASSCODE: undefined,
    BAMBORA_API_URL: "http://127.0.0.1:1",
    STOA_DEPLOYMENT_ID: id,
  });
}

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  stripe = await startFakeStripe();
});
afterAll(() => stripe.stop());

describe("the deployment's id", () => {
  it("is made once and kept in the database when the environment names none", async () => {
    const first = await deploymentIdOf(db);
    expect(first).toMatch(/^stoa-[0-9a-f]{12}$/);
    expect(await deploymentIdOf(db)).toBe(first);
    const rows = await db.select().from(paymentDeployment);
    expect(rows).toEqual([expect.objectContaining({ deploymentId: first })]);
    expect(await deployment(undefined).deployment()).toBe(first);
  });

  it("is the environment's when it names one", async () => {
    expect(await deployment("shop-eu").deployment()).toBe("shop-eu");
  });
});

describe("two deployments on one Stripe account", () => {
  const storeId = 1;
  const orderId = 1;

  it("each makes its own payment for its own order 1, and never reaches the other's", async () => {
    const alpha = deployment("alpha").stripe.payments;
    const beta = deployment("beta").stripe.payments;
    const idempotencyKey = `order-${orderId}:${randomUUID()}:authorize`;
    const ask = (paymentMethod: string) => ({
      storeId,
      orderId,
      amount: 1000,
      currency: "USD",
      paymentMethod: { kind: "token" as const, token: paymentMethod },
      idempotencyKey,
    });
    const before = stripe.intentsCreated;
    const a = await alpha.authorize(ask("pm_card_visa"));
    const b = await beta.authorize(ask("pm_card_mastercard"));
    expect(a.outcome).toBe("approved");
    expect(b).toMatchObject({ outcome: "approved", card: { brand: "mastercard" } });
    expect(stripe.intentsCreated - before).toBe(2);
    if (a.outcome !== "approved" || b.outcome !== "approved") return;
    expect(a.paymentRef).not.toBe(b.paymentRef);

    // Looking an attempt up by its key finds this deployment's payment only.
    expect(await beta.findAuthorization({ storeId, orderId, idempotencyKey })).toMatchObject({
      paymentRef: b.paymentRef,
    });
    // The other's payment is unknown here, whatever step is asked of it.
    expect(
      await beta.capture({ storeId, paymentRef: a.paymentRef, idempotencyKey: `${idempotencyKey}:capture` }),
    ).toMatchObject({ outcome: "refused", refusal: "unknown_payment" });
    expect(
      await beta.findAuthorization({ storeId, orderId, idempotencyKey, paymentRef: a.paymentRef }),
    ).toEqual({
      outcome: "none",
    });
    // Each captures its own under the same step key.
    for (const [payments, ref] of [
      [alpha, a.paymentRef],
      [beta, b.paymentRef],
    ] as const)
      expect(
        await payments.capture({ storeId, paymentRef: ref, idempotencyKey: `${idempotencyKey}:capture` }),
      ).toMatchObject({ outcome: "approved", paymentRef: ref });
  });

  it("makes each deployment's customer 1 a Stripe customer of its own", async () => {
    const customer = { storeId, customerId: 1, email: "dana@example.com", name: "Dana" };
    const forget = () =>
      db
        .delete(cardProviderCustomers)
        .where(and(eq(cardProviderCustomers.storeId, storeId), eq(cardProviderCustomers.customerId, 1)));
    await forget();
    const alphaRef = await deployment("alpha").stripe.savedCards.ensureCustomer(customer);
    // The other deployment keeps its own database, which knows no Stripe customer for its customer 1.
    await forget();
    const betaRef = await deployment("beta").stripe.savedCards.ensureCustomer(customer);
    expect(betaRef).toMatch(/^cus_/);
    expect(betaRef).not.toBe(alphaRef);
  });
});
