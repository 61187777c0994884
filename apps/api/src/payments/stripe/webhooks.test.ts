import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/database.ts";
import { type FakeStripe, type FakeStripeCard, startFakeStripe } from "../../test/fakes/fake-stripe.ts";
import { testHarness } from "../../test/harness.ts";
import type { PaymentProvider } from "../provider.ts";
import { Secret } from "../secrets.ts";
import { createStripePayments } from "./payments.ts";
import {
  receiveStripeWebhook,
  type StripePaymentStep,
  stripeEventStep,
  verifyStripeWebhook,
  WebhookSignatureError,
} from "./webhooks.ts";

const STORE = 41;
const SECRET_KEY = "sk_test_webhooks";
const SIGNING_SECRET = "whsec_webhooks_store41";

let db: Database;
let fake: FakeStripe;
let payments: PaymentProvider;

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  fake = await startFakeStripe();
  payments = createStripePayments(db, {
    accounts: {
      stripe: async () => ({
        secretKey: new Secret(SECRET_KEY),
        webhookSecret: new Secret(SIGNING_SECRET),
        publishableKey: null,
      }),
    },
    connection: { url: fake.url, maxNetworkRetries: 0 },
  });
});
afterAll(() => fake.stop());

async function pay(card: FakeStripeCard, storeId = STORE) {
  return payments.authorize({
    storeId,
    orderId: 1,
    amount: 4200,
    currency: "USD",
    paymentMethod: { kind: "token", token: card },
    idempotencyKey: randomUUID(),
  });
}

/** Delivers an event to the store and records what the payment state machine was told. */
function receiver(storeId = STORE) {
  const applied: StripePaymentStep[] = [];
  const deliver = (event: object, secret = SIGNING_SECRET) => {
    const { payload, signature } = fake.signedDelivery(event, secret);
    return receiveStripeWebhook(
      db,
      { storeId, payload, signature, signingSecret: SIGNING_SECRET },
      async (_tx, step) => {
        applied.push(step);
      },
    );
  };
  return { applied, deliver };
}

describe("Stripe webhooks: signatures", () => {
  it("takes an event signed with the store's signing secret", () => {
    const { payload, signature } = fake.signedDelivery(
      { id: "evt_1", object: "event", type: "ping", data: { object: {} } },
      SIGNING_SECRET,
    );
    expect(verifyStripeWebhook(payload, signature, SIGNING_SECRET).id).toBe("evt_1");
  });

  it("refuses an event signed with another secret, changed after signing, too old, or unsigned", async () => {
    const event = { id: "evt_2", object: "event", type: "ping", data: { object: {} } };
    const forged = fake.signedDelivery(event, "whsec_someone_else");
    expect(() => verifyStripeWebhook(forged.payload, forged.signature, SIGNING_SECRET)).toThrow(
      WebhookSignatureError,
    );
    const signed = fake.signedDelivery(event, SIGNING_SECRET);
    const changed = signed.payload.replace("evt_2", "evt_3");
    expect(() => verifyStripeWebhook(changed, signed.signature, SIGNING_SECRET)).toThrow(
      WebhookSignatureError,
    );
    const old = fake.signedDelivery(event, SIGNING_SECRET, Math.floor(Date.now() / 1000) - 3600);
    expect(() => verifyStripeWebhook(old.payload, old.signature, SIGNING_SECRET)).toThrow(
      WebhookSignatureError,
    );
    expect(() => verifyStripeWebhook(signed.payload, undefined, SIGNING_SECRET)).toThrow(
      WebhookSignatureError,
    );
  });

  it("records nothing of a delivery with a bad signature", async () => {
    const answer = await pay("pm_card_visa");
    const { applied, deliver } = receiver();
    const event = fake.lastEvent("payment_intent.amount_capturable_updated");
    await expect(deliver(event, "whsec_forged")).rejects.toThrow(WebhookSignatureError);
    expect(applied).toEqual([]);
    expect(await deliver(event)).toBe("applied");
    expect(applied).toEqual([
      { step: "authorized", paymentRef: answer.paymentRef, storeId: STORE, amount: 4200 },
    ]);
  });
});

describe("Stripe webhooks: applied once", () => {
  it("moves a payment that waited for 3-D Secure once, however often the event comes", async () => {
    const answer = await pay("pm_card_authenticationRequired");
    expect(answer.outcome).toBe("requires_action");
    fake.finishAuthentication(SECRET_KEY, answer.paymentRef as string, true);
    const event = fake.lastEvent("payment_intent.amount_capturable_updated");
    const { applied, deliver } = receiver();
    expect(await deliver(event)).toBe("applied");
    expect(await deliver(event)).toBe("repeated");
    expect(await deliver(event)).toBe("repeated");
    expect(applied).toEqual([
      { step: "authorized", paymentRef: answer.paymentRef, storeId: STORE, amount: 4200 },
    ]);
  });

  it("reports a failed confirmation as a decline", async () => {
    const answer = await pay("pm_card_authenticationRequired");
    fake.finishAuthentication(SECRET_KEY, answer.paymentRef as string, false);
    const step = stripeEventStep(fake.lastEvent("payment_intent.payment_failed") as never);
    expect(step).toEqual({
      step: "declined",
      paymentRef: answer.paymentRef,
      storeId: STORE,
      reason: "card_declined",
    });
  });

  it("leaves an event unseen when applying it fails, so Stripe's next delivery applies it", async () => {
    await pay("pm_card_visa");
    const event = fake.lastEvent("payment_intent.amount_capturable_updated");
    const { payload, signature } = fake.signedDelivery(event, SIGNING_SECRET);
    const delivery = { storeId: STORE, payload, signature, signingSecret: SIGNING_SECRET };
    await expect(
      receiveStripeWebhook(db, delivery, async () => {
        throw new Error("the order could not be moved");
      }),
    ).rejects.toThrow("could not be moved");
    let applied = 0;
    expect(await receiveStripeWebhook(db, delivery, async () => void applied++)).toBe("applied");
    expect(applied).toBe(1);
  });

  it("ignores an event about another store's payment, and events it does not act on", async () => {
    await pay("pm_card_visa", 42);
    const { applied, deliver } = receiver(STORE);
    expect(await deliver(fake.lastEvent("payment_intent.amount_capturable_updated"))).toBe("ignored");
    expect(
      await deliver({
        id: `evt_${randomUUID()}`,
        object: "event",
        type: "customer.created",
        data: { object: {} },
      }),
    ).toBe("ignored");
    expect(applied).toEqual([]);
  });

  it("keeps seen events per store", async () => {
    const event = {
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "customer.created",
      data: { object: {} },
    };
    expect(await receiver(STORE).deliver(event)).toBe("ignored");
    expect(await receiver(STORE).deliver(event)).toBe("repeated");
    expect(await receiver(42).deliver(event)).toBe("ignored");
  });
});

describe("Stripe webhooks: steps", () => {
  it("reads captures, voids and refunds from Stripe's events", async () => {
    const captured = await pay("pm_card_visa");
    await payments.capture({
      storeId: STORE,
      paymentRef: captured.paymentRef as string,
      amount: 4000,
      idempotencyKey: randomUUID(),
    });
    expect(stripeEventStep(fake.lastEvent("payment_intent.succeeded") as never)).toEqual({
      step: "captured",
      paymentRef: captured.paymentRef,
      storeId: STORE,
      amount: 4000,
    });
    await payments.refund({
      storeId: STORE,
      paymentRef: captured.paymentRef as string,
      amount: 1500,
      idempotencyKey: randomUUID(),
    });
    await payments.refund({
      storeId: STORE,
      paymentRef: captured.paymentRef as string,
      amount: 500,
      idempotencyKey: randomUUID(),
    });
    expect(stripeEventStep(fake.lastEvent("charge.refunded") as never)).toEqual({
      step: "refunded",
      paymentRef: captured.paymentRef,
      storeId: STORE,
      amount: 2000,
    });
    const voided = await pay("pm_card_visa");
    await payments.void({
      storeId: STORE,
      paymentRef: voided.paymentRef as string,
      idempotencyKey: randomUUID(),
    });
    expect(stripeEventStep(fake.lastEvent("payment_intent.canceled") as never)).toEqual({
      step: "voided",
      paymentRef: voided.paymentRef,
      storeId: STORE,
      amount: 4200,
    });
  });
});
