import { randomUUID } from "node:crypto";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/database.ts";
import { type FakeStripe, type FakeStripeCard, startFakeStripe } from "../../test/fakes/fake-stripe.ts";
import { testHarness } from "../../test/harness.ts";
import { type AuthorizeRequest, type PaymentProvider, PaymentRequestError } from "../provider.ts";
import type { SavedCards } from "../saved-cards.ts";
import { Secret, type StripeAccount } from "../secrets.ts";
import { createStripePayments } from "./payments.ts";
import { createStripeSavedCards } from "./saved-cards.ts";

const STORE = 41;
const OTHER_STORE = 42;
/** Each store its own Stripe account, as a store with keys of its own has. */
const secretKeyOf = (storeId: number) => `sk_test_store${storeId}`;
const accountOf = (storeId: number): StripeAccount => ({
  secretKey: new Secret(secretKeyOf(storeId)),
  webhookSecret: new Secret(`whsec_store${storeId}`),
  publishableKey: `pk_test_store${storeId}`,
});

let db: Database;
let fake: FakeStripe;
let payments: PaymentProvider;
let cards: SavedCards;
let nextOrder = 1;

beforeAll(async () => {
  db = (await testHarness()).handle.db;
  fake = await startFakeStripe();
  const options = {
    accounts: { stripe: async (storeId: number) => accountOf(storeId) },
    connection: { url: fake.url, maxNetworkRetries: 0 },
  };
  payments = createStripePayments(db, options);
  cards = createStripeSavedCards(db, options);
});
afterAll(() => fake.stop());

const key = () => randomUUID();
const aCustomer = () => ({
  storeId: STORE,
  customerId: 1_000_000 + Math.floor(Math.random() * 1_000_000_000),
});

function authorize(
  card: FakeStripeCard | AuthorizeRequest["paymentMethod"],
  change: Partial<AuthorizeRequest> = {},
) {
  return payments.authorize({
    storeId: STORE,
    orderId: nextOrder++,
    amount: 5000,
    currency: "USD",
    paymentMethod: typeof card === "string" ? { kind: "token", token: card } : card,
    idempotencyKey: key(),
    ...change,
  });
}

async function authorized(amount = 5000): Promise<string> {
  const answer = await authorize("pm_card_visa", { amount });
  if (answer.outcome !== "approved") throw new Error(`the approving card answered ${answer.outcome}`);
  return answer.paymentRef;
}

describe("Stripe: authorize", () => {
  it("holds the amount on an approving card with manual capture and names the card", async () => {
    const answer = await authorize("pm_card_visa", { amount: 1234 });
    expect(answer).toMatchObject({
      outcome: "approved",
      amount: 1234,
      card: { brand: "visa", last4: "4242" },
    });
    if (answer.outcome === "approved") expect(answer.paymentRef).toMatch(/^pi_/);
  });

  it.each([
    ["pm_card_visa_chargeDeclined", "card_declined"],
    ["pm_card_visa_chargeDeclinedInsufficientFunds", "insufficient_funds"],
    ["pm_card_visa_chargeDeclinedExpiredCard", "expired_card"],
  ] as const)("answers %s as declined for %s, with Stripe's record of the attempt", async (card, reason) => {
    const answer = await authorize(card);
    expect(answer).toMatchObject({ outcome: "declined", reason });
    if (answer.outcome === "declined") expect(answer.paymentRef).toMatch(/^pi_/);
  });

  it("says so when the card's bank wants the shopper to confirm, with the client secret for Stripe's page", async () => {
    const answer = await authorize("pm_card_authenticationRequired");
    expect(answer).toMatchObject({ outcome: "requires_action", amount: 5000 });
    if (answer.outcome === "requires_action") expect(answer.clientSecret).toMatch(/^pi_.+_secret_/);
  });

  it("declines a payment method Stripe does not know", async () => {
    expect(await authorize("pm_nothing_like_it" as FakeStripeCard)).toMatchObject({
      outcome: "declined",
      reason: "card_declined",
    });
  });

  it("declines a request without a card Stripe holds", async () => {
    expect(await authorize(undefined)).toMatchObject({ outcome: "declined", reason: "card_declined" });
  });

  it("answers a retried key with the first answer and asks Stripe to charge once", async () => {
    const idempotencyKey = key();
    const before = fake.intentsCreated;
    const first = await authorize("pm_card_visa", { idempotencyKey, orderId: 77 });
    const again = await authorize("pm_card_visa", { idempotencyKey, orderId: 77 });
    expect(again).toEqual(first);
    expect(fake.intentsCreated - before).toBe(1);
  });

  it("answers a retried decline with the same decline, without asking the card again", async () => {
    const idempotencyKey = key();
    const before = fake.intentsCreated;
    const first = await authorize("pm_card_visa_chargeDeclinedInsufficientFunds", {
      idempotencyKey,
      orderId: 78,
    });
    const again = await authorize("pm_card_visa_chargeDeclinedInsufficientFunds", {
      idempotencyKey,
      orderId: 78,
    });
    expect(again).toEqual(first);
    expect(fake.intentsCreated - before).toBe(1);
  });

  it("throws for a key reused for another amount: a caller's mistake, not the card's", async () => {
    const idempotencyKey = key();
    await authorize("pm_card_visa", { idempotencyKey, orderId: 79 });
    await expect(authorize("pm_card_visa", { idempotencyKey, orderId: 79, amount: 9999 })).rejects.toThrow(
      PaymentRequestError,
    );
  });

  it("throws for amounts that are not whole minor units", async () => {
    await expect(authorize("pm_card_visa", { amount: 12.5 })).rejects.toThrow(PaymentRequestError);
  });
});

describe("Stripe: capture, void, refund", () => {
  it("captures the whole authorization, once", async () => {
    const paymentRef = await authorized(3000);
    expect(await payments.capture({ storeId: STORE, paymentRef, idempotencyKey: key() })).toEqual({
      outcome: "approved",
      paymentRef,
      amount: 3000,
    });
    expect(await payments.capture({ storeId: STORE, paymentRef, idempotencyKey: key() })).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
  });

  it("captures less than was held, never more", async () => {
    const paymentRef = await authorized(3000);
    expect(
      await payments.capture({ storeId: STORE, paymentRef, amount: 4000, idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "refused",
      refusal: "amount_too_large",
    });
    expect(
      await payments.capture({ storeId: STORE, paymentRef, amount: 2500, idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "approved",
      amount: 2500,
    });
  });

  it("voids an authorization, and not a captured payment", async () => {
    const paymentRef = await authorized(2000);
    expect(await payments.void({ storeId: STORE, paymentRef, idempotencyKey: key() })).toEqual({
      outcome: "approved",
      paymentRef,
      amount: 2000,
    });
    const captured = await authorized(2000);
    await payments.capture({ storeId: STORE, paymentRef: captured, idempotencyKey: key() });
    expect(
      await payments.void({ storeId: STORE, paymentRef: captured, idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
  });

  it("refunds in parts up to what was captured", async () => {
    const paymentRef = await authorized(5000);
    await payments.capture({ storeId: STORE, paymentRef, idempotencyKey: key() });
    const refund = (amount: number) =>
      payments.refund({ storeId: STORE, paymentRef, amount, idempotencyKey: key() });
    expect(await refund(2000)).toEqual({ outcome: "approved", paymentRef, amount: 2000 });
    expect(await refund(3001)).toMatchObject({ outcome: "refused", refusal: "amount_too_large" });
    expect(await refund(3000)).toEqual({ outcome: "approved", paymentRef, amount: 3000 });
    expect(await refund(1)).toMatchObject({ outcome: "refused", refusal: "wrong_state" });
  });

  it("refuses to refund money that was only held", async () => {
    const paymentRef = await authorized(1000);
    expect(
      await payments.refund({ storeId: STORE, paymentRef, amount: 1000, idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "refused",
      refusal: "wrong_state",
    });
  });

  it("answers a retried refund once", async () => {
    const paymentRef = await authorized(5000);
    await payments.capture({ storeId: STORE, paymentRef, idempotencyKey: key() });
    const idempotencyKey = key();
    const first = await payments.refund({ storeId: STORE, paymentRef, amount: 5000, idempotencyKey });
    expect(await payments.refund({ storeId: STORE, paymentRef, amount: 5000, idempotencyKey })).toEqual(
      first,
    );
    expect(first).toMatchObject({ outcome: "approved", amount: 5000 });
  });

  it("does not know another store's payment, in another account or in a shared one", async () => {
    const paymentRef = await authorized();
    expect(await payments.capture({ storeId: OTHER_STORE, paymentRef, idempotencyKey: key() })).toMatchObject(
      {
        outcome: "refused",
        refusal: "unknown_payment",
      },
    );
    const shared = createStripePayments(db, {
      accounts: { stripe: async () => accountOf(STORE) },
      connection: { url: fake.url, maxNetworkRetries: 0 },
    });
    expect(await shared.void({ storeId: OTHER_STORE, paymentRef, idempotencyKey: key() })).toMatchObject({
      outcome: "refused",
      refusal: "unknown_payment",
    });
    expect(await payments.void({ storeId: STORE, paymentRef, idempotencyKey: key() })).toMatchObject({
      outcome: "approved",
    });
  });
});

describe("Stripe: when Stripe cannot be reached", () => {
  it("answers provider_error for every step, with nothing known to have moved", async () => {
    const down = await startFakeStripe();
    const options = {
      accounts: { stripe: async (storeId: number) => accountOf(storeId) },
      connection: { url: down.url, maxNetworkRetries: 0, timeoutMs: 2000 },
    };
    const provider = createStripePayments(db, options);
    await down.stop();
    expect(
      await provider.authorize({
        storeId: STORE,
        orderId: 1,
        amount: 100,
        currency: "USD",
        paymentMethod: { kind: "token", token: "pm_card_visa" },
        idempotencyKey: key(),
      }),
    ).toEqual({ outcome: "declined", reason: "provider_error", paymentRef: null });
    expect(
      await provider.capture({ storeId: STORE, paymentRef: "pi_x", idempotencyKey: key() }),
    ).toMatchObject({
      outcome: "declined",
      reason: "provider_error",
    });
    await expect(
      createStripeSavedCards(db, options).listCards({ storeId: STORE, customerId: 5 }),
    ).resolves.toEqual([]);
  });

  it("answers provider_error for a store with no Stripe account", async () => {
    const none = createStripePayments(db, { accounts: { stripe: async () => null } });
    expect(
      await none.authorize({
        storeId: STORE,
        orderId: 1,
        amount: 100,
        currency: "USD",
        idempotencyKey: key(),
      }),
    ).toEqual({ outcome: "declined", reason: "provider_error", paymentRef: null });
  });
});

describe("Stripe: saved cards", () => {
  it("saves a card on the customer's own Stripe customer, lists it, pays with it, and removes it", async () => {
    const customer = aCustomer();
    const saved = await cards.addCard({ ...customer, token: "pm_card_mastercard", idempotencyKey: key() });
    expect(saved).toMatchObject({ outcome: "saved", card: { brand: "mastercard", last4: "4444" } });
    if (saved.outcome !== "saved") return;
    expect(await cards.listCards(customer)).toEqual([saved.card]);

    const paid = await authorize({
      kind: "saved_card",
      customerId: customer.customerId,
      cardId: saved.card.id,
    });
    expect(paid).toMatchObject({ outcome: "approved", card: { brand: "mastercard", last4: "4444" } });

    expect(await cards.deleteCard({ ...customer, cardId: saved.card.id })).toBe("deleted");
    expect(await cards.listCards(customer)).toEqual([]);
    expect(await cards.deleteCard({ ...customer, cardId: saved.card.id })).toBe("not_found");
  });

  it("makes one Stripe customer per customer of a store", async () => {
    const customer = aCustomer();
    const first = await cards.ensureCustomer({ ...customer, email: "ada@example.test" });
    expect(first).toMatch(/^cus_/);
    expect(await cards.ensureCustomer(customer)).toBe(first);
  });

  it("refuses another customer's card, to pay with or to remove", async () => {
    const owner = aCustomer();
    const stranger = aCustomer();
    const saved = await cards.addCard({ ...owner, token: "pm_card_visa", idempotencyKey: key() });
    if (saved.outcome !== "saved") throw new Error("the card was not saved");
    await cards.ensureCustomer(stranger);
    expect(
      await authorize({ kind: "saved_card", customerId: stranger.customerId, cardId: saved.card.id }),
    ).toMatchObject({ outcome: "declined", reason: "card_declined", paymentRef: null });
    expect(await cards.deleteCard({ ...stranger, cardId: saved.card.id })).toBe("not_found");
    expect(await authorize(saved.card.id as FakeStripeCard)).toMatchObject({
      outcome: "declined",
      reason: "card_declined",
    });
    expect(await cards.listCards(owner)).toHaveLength(1);
  });

  it("declines a saved card id Stripe does not know", async () => {
    const customer = aCustomer();
    await cards.ensureCustomer(customer);
    expect(
      await authorize({ kind: "saved_card", customerId: customer.customerId, cardId: "pm_gone" }),
    ).toEqual({
      outcome: "declined",
      reason: "card_declined",
      paymentRef: null,
    });
  });

  it("refuses a card of the same customer id in another store", async () => {
    const owner = aCustomer();
    const saved = await cards.addCard({ ...owner, token: "pm_card_visa", idempotencyKey: key() });
    if (saved.outcome !== "saved") throw new Error("the card was not saved");
    expect(
      await authorize(
        { kind: "saved_card", customerId: owner.customerId, cardId: saved.card.id },
        { storeId: OTHER_STORE },
      ),
    ).toMatchObject({ outcome: "declined", reason: "card_declined" });
    expect(
      await cards.deleteCard({ storeId: OTHER_STORE, customerId: owner.customerId, cardId: saved.card.id }),
    ).toBe("not_found");
  });

  it("answers a client secret for Stripe's element when no card is given yet, or the bank wants a confirmation", async () => {
    const customer = aCustomer();
    expect(await cards.addCard({ ...customer, idempotencyKey: key() })).toMatchObject({
      outcome: "requires_action",
      clientSecret: expect.stringMatching(/^seti_.+_secret_/),
    });
    expect(
      await cards.addCard({ ...customer, token: "pm_card_authenticationRequired", idempotencyKey: key() }),
    ).toMatchObject({ outcome: "requires_action" });
  });

  it("lists a card the shopper's browser saved by confirming the SetupIntent, and pays with it", async () => {
    const customer = aCustomer();
    const setup = await cards.addCard({ ...customer, idempotencyKey: key() });
    if (setup.outcome !== "requires_action") throw new Error("no client secret for Stripe's element");
    // What Stripe.js sends: the publishable key and the client secret, never the secret key.
    const confirm = (clientSecret: string, token: string) =>
      fetch(`${fake.url}/v1/setup_intents/${clientSecret.split("_secret_")[0]}/confirm`, {
        method: "POST",
        body: new URLSearchParams({
          key: `pk_test_store${STORE}`,
          client_secret: clientSecret,
          "payment_method_data[type]": "card",
          "payment_method_data[card][token]": token,
          "payment_method_data[billing_details][name]": "Dana Levi",
        }),
      });
    expect((await confirm(`${setup.clientSecret}x`, "tok_visa")).status).toBe(404);
    const declined = await confirm(setup.clientSecret, "tok_chargeDeclined");
    expect(declined.status).toBe(402);
    expect(await cards.listCards(customer)).toEqual([]);
    const confirmed = await confirm(setup.clientSecret, "tok_visa");
    expect(await confirmed.json()).toMatchObject({
      status: "succeeded",
      payment_method: expect.stringMatching(/^pm_/),
    });
    const listed = await cards.listCards(customer);
    expect(listed).toMatchObject([{ brand: "visa", last4: "4242", holderName: "Dana Levi" }]);
    expect(
      await authorize({ kind: "saved_card", customerId: customer.customerId, cardId: listed[0]?.id ?? "" }),
    ).toMatchObject({ outcome: "approved" });
    expect((await confirm(setup.clientSecret, "tok_visa")).status).toBe(400);
  });

  it("saves a card whose bank asks for 3-D Secure once the shopper confirms", async () => {
    const customer = aCustomer();
    const setup = await cards.addCard({ ...customer, idempotencyKey: key() });
    if (setup.outcome !== "requires_action") throw new Error("no client secret for Stripe's element");
    const answer = await fetch(
      `${fake.url}/v1/setup_intents/${setup.clientSecret.split("_secret_")[0]}/confirm`,
      {
        method: "POST",
        body: new URLSearchParams({
          key: `pk_test_store${STORE}`,
          client_secret: setup.clientSecret,
          "payment_method_data[type]": "card",
          "payment_method_data[card][token]": "tok_threeDSecure2Required",
        }),
      },
    );
    expect(await answer.json()).toMatchObject({ status: "requires_action" });
    expect(await cards.listCards(customer)).toEqual([]);
    expect(fake.finishSetupAuthentication(setup.clientSecret, true)).toMatchObject({ status: "succeeded" });
    expect(await cards.listCards(customer)).toMatchObject([{ last4: "3184" }]);
  });

  it("declines a card the bank refuses to save", async () => {
    expect(
      await cards.addCard({
        ...aCustomer(),
        token: "pm_card_visa_chargeDeclinedExpiredCard",
        idempotencyKey: key(),
      }),
    ).toEqual({ outcome: "declined", reason: "expired_card" });
  });
});

describe("Stripe: secrets", () => {
  it("never shows the secret key in a provider, as JSON or inspected", () => {
    for (const shown of [
      JSON.stringify(payments),
      JSON.stringify(cards),
      inspect(payments, { depth: 10 }),
      inspect(cards, { depth: 10 }),
    ])
      expect(shown).not.toContain(secretKeyOf(STORE));
    const account = accountOf(STORE);
    expect(JSON.stringify(account)).not.toContain(secretKeyOf(STORE));
    expect(inspect(account)).not.toContain(secretKeyOf(STORE));
    expect(`${account.secretKey}`).toBe("[secret]");
  });
});
